import type { GroupedSongRequest } from '@floorfill/shared';
import { Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { SectionCard } from '@/components/ui/section-card';
import { SetListButton } from './set-list-button';

/**
 * After (or during) the night: the played songs as a file to keep — a
 * spreadsheet or a playlist for DJ software. Offered once a song was played.
 */
export function SetListCard({
  eventId,
  songs,
}: {
  eventId: number;
  songs: readonly GroupedSongRequest[];
}) {
  const played = songs.filter((song) => song.status === 1).length;
  return (
    <SectionCard
      title="Set list"
      description={
        played === 0
          ? 'Songs you mark as played make the set list, in play order.'
          : `${played} ${played === 1 ? 'song' : 'songs'} played so far, in play order.`
      }
    >
      {played > 0 ? (
        <Group gap="sm">
          <SetListButton
            eventId={eventId}
            format="csv"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Download set list (CSV)
          </SetListButton>
          <SetListButton
            eventId={eventId}
            format="m3u"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Playlist (M3U)
          </SetListButton>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Nothing played yet.
        </Text>
      )}
    </SectionCard>
  );
}
