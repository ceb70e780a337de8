import type { ComponentProps } from 'react';
import { useRoomLive } from '@/features/realtime';
import { OutboxRequests } from '@/features/requests';

/** What the phone keeps to send, sent once the room is live again. */
export function LiveOutboxRequests(props: Omit<ComponentProps<typeof OutboxRequests>, 'live'>) {
  return <OutboxRequests {...props} live={useRoomLive()} />;
}
