import type { GroupedSongRequest } from '@floorfill/shared';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { SectionCard } from '@/components/ui/section-card';

/** Where the set list downloads from (the session cookie goes along; the server checks the host). */
export function setListHref(eventId: number, format: 'csv' | 'm3u'): string {
  return `/api/v1/export-set-list?event_id=${eventId}&format=${format}`;
}

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
          <Button
            component="a"
            href={setListHref(eventId, 'csv')}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Download set list (CSV)
          </Button>
          <Button
            component="a"
            href={setListHref(eventId, 'm3u')}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Playlist (M3U)
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Nothing played yet.
        </Text>
      )}
    </SectionCard>
  );
}
