import { DEFAULT_ALBUM_NAME, TRUNCATE, type GroupedSongRequest } from '@floorfill/shared';
import { ActionIcon, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconClock, IconTrash } from '@tabler/icons-react';
import { SongArtwork } from '@/components/ui/song-artwork';
import { TypedByGuestBadge } from '@/components/ui/typed-by-guest-badge';
import type { CardMark } from '../api/event-writes';
import { truncate } from '../utils/truncate';

function TruncatedText({
  text,
  max,
  ...props
}: {
  text: string;
  max: number;
  fw?: number;
  size?: string;
  c?: string;
}) {
  const short = truncate(text, max);
  return (
    <Text {...props} title={short === text ? undefined : text}>
      {short}
    </Text>
  );
}

function requestedBy(count: number): string {
  return `Requested by ${count} ${count === 1 ? 'attendee' : 'attendees'}`;
}

interface SongRequestCardProps {
  song: GroupedSongRequest;
  onMark: (song: GroupedSongRequest, markAs: CardMark) => void;
}

/** One song in the host's queue (spec §2 "Song card"). */
export function SongRequestCard({ song, onMark }: SongRequestCardProps) {
  const played = song.status === 1;
  const title = song.song_name;
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <SongArtwork src={song.song_image} songId={song.song_id} title={song.song_name} size={64} />
        <Stack gap={2} flex={1} miw={0}>
          <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
            <TruncatedText text={title} max={TRUNCATE.songTitle} fw={700} />
            <Tooltip label={played ? 'Played' : 'Not played'}>
              <span role="img" aria-label={played ? 'Played' : 'Not played'}>
                {played ? (
                  <IconCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden="true" />
                ) : (
                  <IconClock size={20} color="var(--mantine-color-orange-8)" aria-hidden="true" />
                )}
              </span>
            </Tooltip>
          </Group>
          {song.song_artist ? (
            <TruncatedText text={song.song_artist} max={TRUNCATE.songArtist} size="sm" />
          ) : null}
          {song.free_text ? (
            <Group>
              <TypedByGuestBadge />
            </Group>
          ) : null}
          {/* A typed song's placeholder album ('N/A') would read as its artist. */}
          {song.album_name !== DEFAULT_ALBUM_NAME ? (
            <TruncatedText text={song.album_name} max={TRUNCATE.songAlbum} size="sm" c="dimmed" />
          ) : null}
          <Text size="sm" c="dimmed">
            {requestedBy(song.request_count)}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" gap="xs" mt="sm">
        {played ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => onMark(song, 'unplayed')}
            aria-label={`Mark as unplayed: ${title}`}
          >
            Mark as unplayed
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            onClick={() => onMark(song, 'played')}
            aria-label={`Mark as played: ${title}`}
          >
            Mark as played
          </Button>
        )}
        <Tooltip label="Delete request">
          <ActionIcon
            variant="subtle"
            color="red.9"
            onClick={() => onMark(song, 'delete')}
            aria-label={`Delete request: ${title}`}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}
