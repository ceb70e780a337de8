import type { GroupedSongRequest } from '@floorfill/shared';
import { Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useSongRequesters } from '../api/get-song-requesters';
import { PlainList } from '@/components/ui/plain-list';
import { formatClock } from '@/lib/clock';

function HistoryRow({
  eventId,
  song,
  timeZone,
  onUnplay,
}: {
  eventId: number;
  song: GroupedSongRequest;
  timeZone: string;
  onUnplay: (song: GroupedSongRequest) => void;
}) {
  const [open, setOpen] = useState(false);
  const requesters = useSongRequesters(eventId, song, open);
  return (
    <li>
      <Group wrap="nowrap" gap="sm" justify="space-between">
        <UnstyledButton
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group wrap="nowrap" gap={6}>
            {open ? (
              <IconChevronDown size={16} aria-hidden="true" />
            ) : (
              <IconChevronRight size={16} aria-hidden="true" />
            )}
            <Text size="sm" c="dimmed" w={64} style={{ flex: 'none' }}>
              {song.played_at ? formatClock(song.played_at, timeZone) : ''}
            </Text>
            <Text fw={600} truncate>
              {song.song_name}
            </Text>
            <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
              ×{song.request_count}
            </Text>
          </Group>
        </UnstyledButton>
        <Button
          size="xs"
          variant="light"
          onClick={() => onUnplay(song)}
          aria-label={`Unplay: ${song.song_name}`}
        >
          Unplay
        </Button>
      </Group>
      {open ? (
        <Stack gap={2} pl={28} py={4}>
          {requesters.isPending ? <Loader size="xs" aria-label="Loading requesters" /> : null}
          {requesters.data?.map((request) => (
            <Text key={request.id} size="sm">
              {request.attendee_name}
              {request.message ? ` — “${request.message}”` : ''}
            </Text>
          ))}
        </Stack>
      ) : null}
    </li>
  );
}

/** The night so far: played songs, the latest first; open one to see who asked, or unplay it. */
export function PlayedHistory({
  eventId,
  songs,
  timeZone,
  onUnplay,
}: {
  eventId: number;
  songs: readonly GroupedSongRequest[];
  timeZone: string;
  onUnplay: (song: GroupedSongRequest) => void;
}) {
  if (songs.length === 0) return <Text c="dimmed">Nothing played yet.</Text>;
  return (
    <PlainList aria-label="Played songs">
      {songs.map((song) => (
        <HistoryRow
          key={song.song_id}
          eventId={eventId}
          song={song}
          timeZone={timeZone}
          onUnplay={onUnplay}
        />
      ))}
    </PlainList>
  );
}
