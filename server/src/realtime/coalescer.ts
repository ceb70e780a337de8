/**
 * Per event, the newest of a sequenced state (the counts) not yet passed on,
 * and the seq of the last one passed on. An offer newer than both is kept;
 * it leaves at once after a quiet spell, else once the interval since the
 * last send is over, so an audience hears it at most once per interval and
 * always hears the last one. The interval counts from when `send` says it
 * is done (a fan-out in slices ends with its last slice), so no socket
 * hears it twice within one. An event quiet for an interval is forgotten.
 */
export interface Coalescer<P extends { eventId: number; seq: number }> {
  offer(push: P): void;
  /** Sends what is waiting now, whatever the interval (closing). */
  flushAll(): void;
  /** Stops the timers; nothing more is sent. */
  close(): void;
}

export function createCoalescer<P extends { eventId: number; seq: number }>(options: {
  intervalMs: number;
  /** Passes a push on; `done` once its last socket was written to. */
  send: (push: P, done: () => void) => void;
}): Coalescer<P> {
  const { intervalMs, send } = options;
  const entries = new Map<
    number,
    {
      latest: P | null;
      sentSeq: number;
      timer: NodeJS.Timeout | undefined;
      /** Its send is still going out; the next interval starts after. */
      sending: boolean;
    }
  >();
  let closed = false;

  function flush(eventId: number): void {
    const entry = entries.get(eventId);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (closed) return;
    if (!entry.latest) {
      if (!entry.sending) entries.delete(eventId);
      return;
    }
    const push = entry.latest;
    entry.sentSeq = push.seq;
    entry.latest = null;
    entry.sending = true;
    send(push, () => {
      entry.sending = false;
      if (!closed && entries.get(eventId) === entry) {
        entry.timer = setTimeout(() => flush(eventId), intervalMs);
      }
    });
  }

  return {
    offer(push) {
      let entry = entries.get(push.eventId);
      if (!entry) {
        entry = { latest: null, sentSeq: 0, timer: undefined, sending: false };
        entries.set(push.eventId, entry);
      }
      if (push.seq <= entry.sentSeq || (entry.latest && entry.latest.seq >= push.seq)) return;
      entry.latest = push;
      if (!entry.sending) entry.timer ??= setTimeout(() => flush(push.eventId), 0);
    },
    flushAll() {
      for (const [eventId, entry] of entries) if (entry.latest) flush(eventId);
    },
    close() {
      closed = true;
      for (const entry of entries.values()) clearTimeout(entry.timer);
      entries.clear();
    },
  };
}
