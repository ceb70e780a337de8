import type { AttendeeEventDetails } from '@floorfill/shared';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { IconLogin2 } from '@tabler/icons-react';
import { EventFacts } from '@/features/events';
import { JoinEventForm } from '../join-event-form';
import { LiveOutboxRequests } from './live-outbox-requests';

export const JOIN_TO_REQUEST = 'Join this event to request songs.';

interface JoinToRequestProps {
  event: AttendeeEventDetails;
  userId: number;
  detailsKey: QueryKey;
  /** The code the page has (from the QR link); without it the guest types one. */
  joinCode: string;
  onJoin: () => void;
}

/** For a visitor who has not joined: the event's facts, then the way to join to request songs. */
export function JoinToRequest({ event, userId, detailsKey, joinCode, onJoin }: JoinToRequestProps) {
  return (
    <>
      <EventFacts event={event} />
      <Stack gap="sm" component="section" aria-labelledby="song-request-title">
        <Title order={2} fz="lg" id="song-request-title">
          Song Request
        </Title>
        <LiveOutboxRequests eventId={event.id} userId={userId} detailsKey={detailsKey} />
        {joinCode ? (
          <Card withBorder radius="md" py="lg">
            <Stack align="center" gap="xs">
              <Text fw={600}>{JOIN_TO_REQUEST}</Text>
              <Button
                variant="light"
                leftSection={<IconLogin2 size={16} aria-hidden="true" />}
                onClick={onJoin}
              >
                Join this event
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="xs">
            <Text fw={600}>{JOIN_TO_REQUEST}</Text>
            <JoinEventForm />
          </Stack>
        )}
      </Stack>
    </>
  );
}
