import type { SongRequest } from '@floorfill/shared';
import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconClock, IconMusic, IconX } from '@tabler/icons-react';
import { SongArtwork } from './song-artwork';
import { SongText } from './song-text';

export const NO_OWN_REQUESTS = 'You have not requested any song yet.';

/** Played (check) or waiting (clock), named for screen readers and on hover. */
export function SongStatusIcon({ played }: { played: boolean }) {
  const label = played ? 'Played' : 'Not played';
  return (
    <Tooltip label={label}>
      <span role="img" aria-label={label} style={{ display: 'inline-flex' }}>
        {played ? (
          <IconCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden="true" />
        ) : (
          <IconClock size={20} color="var(--mantine-color-orange-8)" aria-hidden="true" />
        )}
      </span>
    </Tooltip>
  );
}

interface OwnSongRequestsProps {
  requests: SongRequest[];
  onCancel: (request: SongRequest) => void;
}

/** The attendee's own requests at this event, each with its status and a cancel button. */
export function OwnSongRequests({ requests, onCancel }: OwnSongRequestsProps) {
  if (requests.length === 0) {
    return (
      <Card withBorder radius="md" py="xl">
        <Stack align="center" gap={4}>
          <IconMusic size={32} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{NO_OWN_REQUESTS}</Text>
          <Text size="sm" c="dimmed" ta="center">
            Use the plus button to search for a song and request it.
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Your requests"
    >
      {requests.map((request) => (
        <Card key={request.id} component="li" withBorder radius="md" padding="sm">
          <Group wrap="nowrap" gap="sm">
            <SongArtwork src={request.song_image} />
            <Stack gap={0} flex={1} miw={0}>
              <SongText
                title={request.song_name}
                artist={request.song_artist}
                album={request.album_name}
              />
            </Stack>
            <SongStatusIcon played={request.status === 1} />
            <Tooltip label="Cancel request">
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                onClick={() => onCancel(request)}
                aria-label={`Cancel request: ${request.song_name}`}
              >
                <IconX size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
