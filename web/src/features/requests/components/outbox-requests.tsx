import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconWifiOff, IconX } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { PlainList } from '@/components/ui/plain-list';
import { notifyError, notifySuccess } from '@/lib/notify';
import { dropRequest, useKeptRequests } from '../api/request-outbox';
import { OUTBOX_MSG, useRequestOutbox } from '../api/song-requests';
import { SongArtwork } from './song-artwork';
import { SongText } from './song-text';

interface OutboxRequestsProps {
  eventId: number;
  userId: number;
  /** Where the page caches its event details; a request sent from here updates them there. */
  detailsKey: QueryKey;
  /** The event's live connection is up (its coming back sends what waits). */
  live: boolean;
}

/**
 * The guest's requests kept on the phone while it had no connection (issue
 * 15), each marked "Will send when you're back online" with a way to cancel
 * it; nothing when none waits. Mounted on the event page, it also sends them
 * when the connection is back and says so once each went through.
 */
export function OutboxRequests({ eventId, userId, detailsKey, live }: OutboxRequestsProps) {
  const kept = useKeptRequests(userId, eventId);
  useRequestOutbox({
    userId,
    eventId,
    detailsKey,
    live,
    onSent: (request) => notifySuccess(OUTBOX_MSG.sent(request.payload.songName)),
    onRefused: (_request, error) => notifyError(error.msg),
  });

  if (kept.length === 0) return null;
  return (
    <PlainList aria-label="Waiting to send">
      {kept.map((request) => (
        <Card
          key={request.key}
          component="li"
          withBorder
          radius="md"
          padding="sm"
          style={{ borderStyle: 'dashed' }}
        >
          <Group wrap="nowrap" gap="sm">
            <SongArtwork
              src={request.payload.songImage}
              songId={request.payload.songId}
              title={request.payload.songName}
            />
            <Stack gap={2} flex={1} miw={0}>
              <SongText
                title={request.payload.songName}
                artist={request.payload.songArtist}
                album={request.payload.album_name}
              />
              <Group gap={6} wrap="nowrap">
                <IconWifiOff size={16} aria-hidden="true" />
                <Text size="sm">{OUTBOX_MSG.waiting}</Text>
              </Group>
            </Stack>
            <Tooltip label="Don't send">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => dropRequest(request.key)}
                aria-label={`Don't send: ${request.payload.songName}`}
              >
                <IconX size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Card>
      ))}
    </PlainList>
  );
}
