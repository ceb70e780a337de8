import { EVENT_DETAILS_POLL_MS } from '@floorfill/shared';
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { getSocket, useSocketConnectionId, useSocketEvent } from '@/lib/socket';
import { needsResync, stepRoom, type RoomPush, type RoomSnapshot } from './event-room';

/**
 * While the room is live a slow safety poll still runs: a push cannot get
 * lost on a healthy connection, but one lost between nodes (a Redis blip)
 * would otherwise stay unnoticed until the next push shows the gap.
 */
export const LIVE_SAFETY_POLL_MS = 60_000;

/** What a watcher of an event is told when its host deletes it. */
export const EVENT_DELETED_MSG = 'This event was deleted by its host.';

/** The pause before fetching again a snapshot that came back older than a push already seen. */
export const RESYNC_RETRY_MS = 1000;

/** An unanswered subscribe falls back to polling; the next reconnect tries again. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

export interface UseEventRoomOptions {
  eventId: number;
  /** The React Query key of the snapshot (the details call) the pushes update. */
  queryKey: QueryKey;
  /** Subscribe only when the server allows it: the host always, an attendee once joined. */
  enabled: boolean;
  /** The host deleted the event. */
  onDeleted: () => void;
}

export interface EventRoom {
  /** Subscribed on the current connection: pushes keep the snapshot fresh. */
  live: boolean;
  /** How often the snapshot should be polled: 5 s (spec §9) unless live. */
  pollInterval: number;
}

/**
 * Joins a fetch of the snapshot already under way instead of restarting it
 * (React Query's default): gaps that keep coming must not keep a slow
 * snapshot from ever arriving.
 */
function fetchAgain(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
}

interface Subscription {
  eventId: number;
  connectionId: number;
}

/**
 * Keeps one event's cached snapshot live (design §4): subscribes to the
 * event's room whenever the socket (re)connects, applies in-order pushes to
 * the cache, and fetches the snapshot again on a seq gap, when the room is
 * ahead of the snapshot after (re)subscribing, and every 5 s while not live.
 */
export function useEventRoom({
  eventId,
  queryKey,
  enabled,
  onDeleted,
}: UseEventRoomOptions): EventRoom {
  const queryClient = useQueryClient();
  const connectionId = useSocketConnectionId();
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  // The highest seq any push of this event showed: a snapshot fetched below it is already old.
  const highestSeq = useRef({ eventId, seq: 0 });
  const queryHash = hashKey(queryKey);

  const live =
    enabled &&
    connectionId !== null &&
    subscription?.eventId === eventId &&
    subscription.connectionId === connectionId;

  const subscribed = useEffectEvent((subscribedTo: Subscription, roomSeq: number) => {
    setSubscription(subscribedTo);
    noteSeq(roomSeq);
    const snapshot = queryClient.getQueryData<RoomSnapshot>(queryKey);
    if (needsResync(snapshot, roomSeq)) fetchAgain(queryClient, queryKey);
  });

  function noteSeq(seq: number) {
    if (highestSeq.current.eventId !== eventId) highestSeq.current = { eventId, seq: 0 };
    highestSeq.current.seq = Math.max(highestSeq.current.seq, seq);
  }

  useEffect(() => {
    if (!enabled || connectionId === null) return;
    const socket = getSocket();
    let active = true;
    socket.timeout(SUBSCRIBE_TIMEOUT_MS).emit('event:subscribe', { eventId }, (error, answer) => {
      // Refused (not joined, gone) or unanswered: stay on the poll.
      if (!active || error || !answer.ok) return;
      subscribed({ eventId, connectionId }, answer.data.seq);
    });
    return () => {
      active = false;
      if (socket.connected) socket.emit('event:unsubscribe', { eventId });
    };
  }, [enabled, connectionId, eventId]);

  // A fetched snapshot older than a push already seen (the fetch raced the write, or a
  // lagging replica answered): fetch again, after a pause so a lagging source is not hammered.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== queryHash) return;
      if (event.action.type !== 'success' || event.action.manual) return;
      const data = event.query.state.data as RoomSnapshot | undefined;
      const seen = highestSeq.current;
      if (!data || seen.eventId !== data.id || data.seq >= seen.seq) return;
      clearTimeout(timer);
      const { queryKey: staleKey } = event.query;
      timer = setTimeout(() => {
        fetchAgain(queryClient, staleKey);
      }, RESYNC_RETRY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient, queryHash]);

  function onPush(push: RoomPush) {
    if (push.eventId !== eventId) return;
    noteSeq(push.seq);
    const step = stepRoom(queryClient.getQueryData<RoomSnapshot>(queryKey), push);
    if (step.kind === 'apply') queryClient.setQueryData<RoomSnapshot>(queryKey, step.next);
    else if (step.kind === 'refetch') fetchAgain(queryClient, queryKey);
  }

  useSocketEvent('request:upserted', (push) => onPush({ type: 'request:upserted', ...push }));
  useSocketEvent('request:removed', (push) => onPush({ type: 'request:removed', ...push }));
  useSocketEvent('request:played', (push) => onPush({ type: 'request:played', ...push }));
  useSocketEvent('event:stats', (push) => onPush({ type: 'event:stats', ...push }));
  useSocketEvent('event:updated', (push) => onPush({ type: 'event:updated', ...push }));
  useSocketEvent('attendee:joined', (push) => onPush({ type: 'attendee:joined', ...push }));
  useSocketEvent('attendee:left', (push) => onPush({ type: 'attendee:left', ...push }));
  useSocketEvent('event:deleted', (push) => {
    if (push.eventId === eventId) onDeleted();
  });

  return { live, pollInterval: live ? LIVE_SAFETY_POLL_MS : EVENT_DETAILS_POLL_MS };
}
