import { EVENT_DETAILS_POLL_MS, type SubscribeAnswer } from '@floorfill/shared';
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { getSocket, useSocketConnectionId, useSocketEvent } from '@/lib/socket';
import { inflateRequest, unpackAnswer } from './inflate-delta';
import {
  applyRoomDelta,
  bufferPush,
  deltaFits,
  drainBuffer,
  needsResync,
  withLine,
  type RoomBuffer,
  type RoomPush,
  type RoomSnapshot,
} from './event-room';

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

/**
 * How long pushes that skipped a seq wait for it before the snapshot is
 * fetched again. With two nodes, a push relayed through Redis lands a few ms
 * after the next one sent directly about once per 25 writes; each fetch of a
 * big event's snapshot costs the server ~70 ms CPU and 1.7 MB.
 */
export const REORDER_WINDOW_MS = 250;

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

/** Pushes held for a gap, and the one window that gap gets. */
interface HeldPushes {
  buffer: RoomBuffer;
  /** The seq the held pushes wait for, once its window has started. */
  awaitedSeq: number | null;
  window: ReturnType<typeof setTimeout> | undefined;
}

function forgetHeld(held: HeldPushes): void {
  clearTimeout(held.window);
  held.window = undefined;
  held.buffer = [];
  held.awaitedSeq = null;
}

interface Subscription {
  eventId: number;
  connectionId: number;
}

/**
 * Keeps one event's cached snapshot live (design §4): subscribes to the
 * event's room whenever the socket (re)connects, applies in-order pushes to
 * the cache, holds pushes that skip a seq until the missing ones arrive, and
 * fetches the snapshot again when they do not within `REORDER_WINDOW_MS`, when
 * the room is ahead of the snapshot after (re)subscribing, and every 5 s while
 * not live.
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
  const held = useRef<HeldPushes>({ buffer: [], awaitedSeq: null, window: undefined });
  const queryHash = hashKey(queryKey);

  const live =
    enabled &&
    connectionId !== null &&
    subscription?.eventId === eventId &&
    subscription.connectionId === connectionId;

  const heldSeq = useEffectEvent(() => queryClient.getQueryData<RoomSnapshot>(queryKey)?.seq);

  /**
   * Live again: the delta (what was missed while away) brings the cached
   * snapshot up to the room's seq, then the pushes held meanwhile follow it;
   * without one, a snapshot behind the room is fetched whole.
   */
  const subscribed = useEffectEvent((subscribedTo: Subscription, answer: SubscribeAnswer) => {
    setSubscription(subscribedTo);
    noteSeq(answer.seq);
    let snapshot = queryClient.getQueryData<RoomSnapshot>(queryKey);
    if (snapshot && answer.delta && deltaFits(snapshot, answer.delta)) {
      snapshot = applyRoomDelta(snapshot, answer.delta);
      queryClient.setQueryData<RoomSnapshot>(queryKey, snapshot);
      snapshot = drainHeld(snapshot, held.current.buffer);
      awaitMissing(snapshot);
    }
    if (needsResync(snapshot, answer.seq)) fetchAgain(queryClient, queryKey);
  });

  function noteSeq(seq: number) {
    if (highestSeq.current.eventId !== eventId) highestSeq.current = { eventId, seq: 0 };
    highestSeq.current.seq = Math.max(highestSeq.current.seq, seq);
  }

  useEffect(() => {
    if (!enabled || connectionId === null) return;
    const socket = getSocket();
    let active = true;
    // The seq of the snapshot held (after a reconnect): the answer then carries what changed since.
    const since = heldSeq();
    const payload = since === undefined ? { eventId } : { eventId, since, ...inflateRequest };
    socket.timeout(SUBSCRIBE_TIMEOUT_MS).emit('event:subscribe', payload, (error, answer) => {
      // Refused (not joined, gone) or unanswered: stay on the poll.
      if (!active || error || !answer.ok) return;
      // A delta that cannot be read is as good as none: the snapshot is fetched whole.
      void unpackAnswer(answer.data)
        .catch(() => ({ seq: answer.data.seq }))
        .then((unpacked) => {
          if (active) subscribed({ eventId, connectionId }, unpacked);
        });
    });
    return () => {
      active = false;
      if (socket.connected) socket.emit('event:unsubscribe', { eventId });
    };
  }, [enabled, connectionId, eventId]);

  // A fetched snapshot first takes the held pushes that follow it. If it is still older
  // than a push already seen (the fetch raced the write, or a lagging replica answered),
  // fetch again, after a pause so a lagging source is not hammered.
  useEffect(() => {
    const heldPushes = held.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== queryHash) return;
      if (event.action.type !== 'success' || event.action.manual) return;
      const fetched = event.query.state.data as RoomSnapshot | undefined;
      if (!fetched) return;
      const data = snapshotFetched(fetched);
      const seen = highestSeq.current;
      if (seen.eventId !== data.id || data.seq >= seen.seq) return;
      clearTimeout(timer);
      const { queryKey: staleKey } = event.query;
      timer = setTimeout(() => {
        fetchAgain(queryClient, staleKey);
      }, RESYNC_RETRY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
      forgetHeld(heldPushes);
    };
  }, [queryClient, queryHash]);

  /** The fetched snapshot with the held pushes that follow it applied. */
  const snapshotFetched = useEffectEvent((fetched: RoomSnapshot): RoomSnapshot => {
    const pending = held.current;
    clearTimeout(pending.window);
    pending.window = undefined;
    const snapshot = drainHeld(fetched, pending.buffer) ?? fetched;
    // A gap still open gets no window of its own: the snapshot is behind a push
    // already seen, so the retry above fetches again.
    pending.awaitedSeq = pending.buffer.length > 0 ? snapshot.seq + 1 : null;
    return snapshot;
  });

  /** Writes what the held pushes add to the snapshot and keeps the rest; the snapshot after. */
  function drainHeld(snapshot: RoomSnapshot | undefined, buffer: RoomBuffer) {
    const drained = drainBuffer(snapshot, buffer);
    held.current.buffer = drained.buffer;
    if (drained.snapshot && drained.snapshot !== snapshot) {
      queryClient.setQueryData<RoomSnapshot>(queryKey, drained.snapshot);
    }
    if (drained.needsRefetch) fetchAgain(queryClient, queryKey);
    return drained.snapshot;
  }

  /** A gap that just opened, or moved on, waits one window for the pushes it misses. */
  function awaitMissing(snapshot: RoomSnapshot | undefined) {
    const pending = held.current;
    const awaited = snapshot && pending.buffer.length > 0 ? snapshot.seq + 1 : null;
    if (awaited === pending.awaitedSeq) return;
    clearTimeout(pending.window);
    pending.window = undefined;
    pending.awaitedSeq = awaited;
    if (awaited === null) return;
    pending.window = setTimeout(() => {
      // Kept held: the fetched snapshot applies what follows it. A later push may open
      // another window, in case this fetch fails.
      pending.window = undefined;
      pending.awaitedSeq = null;
      fetchAgain(queryClient, queryKey);
    }, REORDER_WINDOW_MS);
  }

  function onPush(push: RoomPush) {
    if (push.eventId !== eventId) return;
    // Counts arrive coalesced, beside the seq: they say nothing of writes missed.
    if (push.type !== 'event:stats') noteSeq(push.seq);
    const cached = queryClient.getQueryData<RoomSnapshot>(queryKey);
    awaitMissing(drainHeld(cached, bufferPush(held.current.buffer, push)));
  }

  useSocketEvent('request:upserted', (push) => onPush({ type: 'request:upserted', ...push }));
  useSocketEvent('request:removed', (push) => onPush({ type: 'request:removed', ...push }));
  useSocketEvent('request:played', (push) => onPush({ type: 'request:played', ...push }));
  useSocketEvent('event:stats', (push) => onPush({ type: 'event:stats', ...push }));
  useSocketEvent('event:updated', (push) => onPush({ type: 'event:updated', ...push }));
  useSocketEvent('event:settings', (push) => onPush({ type: 'event:settings', ...push }));
  useSocketEvent('event:now-playing', (push) => onPush({ type: 'event:now-playing', ...push }));
  useSocketEvent('attendee:joined', (push) => onPush({ type: 'attendee:joined', ...push }));
  useSocketEvent('attendee:left', (push) => onPush({ type: 'attendee:left', ...push }));
  useSocketEvent('event:deleted', (push) => {
    if (push.eventId === eventId) onDeleted();
  });
  // The line is state beside the seq (coalesced by the server): the newest is kept.
  useSocketEvent('event:line', (push) => {
    if (push.eventId !== eventId) return;
    const cached = queryClient.getQueryData<RoomSnapshot>(queryKey);
    if (cached) queryClient.setQueryData<RoomSnapshot>(queryKey, withLine(cached, push.line));
  });
  // The host rejected one of the caller's songs: the room hears only that it left the queue,
  // and the snapshot says which of the caller's requests it was ("not this time").
  useSocketEvent('request:rejected', (push) => {
    if (push.eventId === eventId) fetchAgain(queryClient, queryKey);
  });

  return { live, pollInterval: live ? LIVE_SAFETY_POLL_MS : EVENT_DETAILS_POLL_MS };
}
