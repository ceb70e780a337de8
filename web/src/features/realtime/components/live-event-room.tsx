import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { useEventRoom } from '../use-event-room';
import { LiveStatus } from './live-status';

const RoomLive = createContext(false);

interface LiveEventRoomProps<T, Key extends QueryKey> {
  eventId: number;
  /** The snapshot the room keeps current: the page's own query, with the same options. */
  snapshot: UseQueryOptions<T, Error, T, Key>;
  /** Subscribe only when the server allows it (an attendee once joined). */
  enabled: boolean;
  /** The host deleted the event. */
  onDeleted: () => void;
  /** The page, drawn once: the room's own comings and goings do not redraw it. */
  children: ReactNode;
}

/**
 * The event's live room around a page (`useEventRoom`): it keeps the page's
 * snapshot current, polls it at the room's pace (every 5 s until live), and
 * tells whether it is live to what shows it (`RoomLiveStatus`,
 * `useRoomLive`). The connection coming up, the subscription, the poll's
 * pace redraw only those, never the page around them, which a phone would
 * otherwise draw whole again two or three times as the socket connects.
 */
export function LiveEventRoom<T, Key extends QueryKey>({
  eventId,
  snapshot,
  enabled,
  onDeleted,
  children,
}: LiveEventRoomProps<T, Key>) {
  const room = useEventRoom({ eventId, queryKey: snapshot.queryKey, enabled, onDeleted });
  // An observer of the page's query that only sets its pace; the page reads the data itself.
  useQuery({ ...snapshot, refetchInterval: room.pollInterval, notifyOnChangeProps: [] });
  return <RoomLive value={room.live}>{children}</RoomLive>;
}

/** Whether the room around this component (`LiveEventRoom`) is live. */
export function useRoomLive(): boolean {
  return useContext(RoomLive);
}

/** The live status of the room around it. */
export function RoomLiveStatus({ size }: { size?: ComponentProps<typeof LiveStatus>['size'] }) {
  return <LiveStatus live={useRoomLive()} size={size} />;
}
