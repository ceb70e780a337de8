import { Group, Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { RoomLiveStatus } from '@/features/realtime';
import { LiveOutboxRequests } from './live-outbox-requests';

interface WaitingForNetworkProps {
  eventId: number;
  userId: number;
  detailsKey: QueryKey;
}

/**
 * The page opened without a network (the app itself came from the service
 * worker): the event waits for the connection, and what the phone kept to
 * send is shown meanwhile.
 */
export function WaitingForNetwork({ eventId, userId, detailsKey }: WaitingForNetworkProps) {
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <RoomLiveStatus />
      </Group>
      <Stack gap="xs" component="section" aria-labelledby="own-requests-title">
        <Title order={1} fz="h2" id="own-requests-title">
          Your requests
        </Title>
        <Text>The event shows here again as soon as your phone is back online.</Text>
        <LiveOutboxRequests eventId={eventId} userId={userId} detailsKey={detailsKey} />
      </Stack>
    </Stack>
  );
}
