/**
 * A state of an event that this node computes for its own sockets in one of
 * the event's rooms (the big screen's state, the line): a change marks it
 * due, and it is computed at most once per interval — once for the room,
 * whatever the number of sockets in it — only while the room has sockets on
 * this node, then passed on to them. With `same`, a state equal to the last
 * one passed on is not sent again. Each node does this for its own sockets,
 * so nothing computed crosses Redis.
 */
export interface RoomStateOptions<S> {
  /** Whether the event's room has sockets on this node. */
  watched: (eventId: number) => boolean;
  intervalMs: number;
  /** The state now (null: the event is gone, nothing is sent). */
  compute: (eventId: number) => Promise<S | null>;
  /** Passes a state on to this node's sockets in the room. */
  emit: (eventId: number, state: S) => void;
  /** Two states that would show the same: the second is not sent. */
  same?: (a: S, b: S) => boolean;
  onError: (error: unknown, eventId: number) => void;
}

export interface RoomState<S> {
  /** The event's state may have changed (after the write committed). */
  changed(eventId: number): void;
  /**
   * The state now, for one socket catching up: the last one passed on when
   * no change came since, else computed (callers at the same moment share one
   * computation).
   */
  current(eventId: number): Promise<S | null>;
  close(): void;
}

interface Entry {
  due: boolean;
  sentAt: number;
  timer: NodeJS.Timeout | undefined;
  computing: boolean;
}

export function createRoomState<S>(options: RoomStateOptions<S>): RoomState<S> {
  const { watched, intervalMs, compute, emit, same, onError } = options;
  const entries = new Map<number, Entry>();
  /** The last state passed on per event, kept while the room has sockets here. */
  const lastSent = new Map<number, S>();
  const inFlight = new Map<number, Promise<S | null>>();
  let closed = false;

  function forget(eventId: number): void {
    entries.delete(eventId);
    if (!watched(eventId)) lastSent.delete(eventId);
  }

  function schedule(eventId: number): void {
    const entry = entries.get(eventId);
    if (!entry || entry.timer || entry.computing || closed) return;
    const wait = Math.max(0, entry.sentAt + intervalMs - Date.now());
    entry.timer = setTimeout(() => void send(eventId), wait);
  }

  async function send(eventId: number): Promise<void> {
    const entry = entries.get(eventId);
    if (!entry) return;
    entry.timer = undefined;
    if (!entry.due || closed || !watched(eventId)) {
      forget(eventId);
      return;
    }
    entry.due = false;
    entry.computing = true;
    try {
      const state = await compute(eventId);
      const previous = lastSent.get(eventId);
      const unchanged = state !== null && previous !== undefined && same?.(previous, state);
      if (state !== null && !closed) {
        // Kept even when unchanged: its seq is the newest.
        lastSent.set(eventId, state);
        if (!unchanged) emit(eventId, state);
      }
    } catch (error) {
      onError(error, eventId);
    } finally {
      entry.computing = false;
      entry.sentAt = Date.now();
    }
    // Changes that came in while computing go out after the interval.
    if (entry.due) schedule(eventId);
    else entry.timer = setTimeout(() => void send(eventId), intervalMs);
  }

  return {
    changed(eventId) {
      if (closed) return;
      if (!watched(eventId)) {
        // No one here to tell; the state last passed on is no longer the state now.
        lastSent.delete(eventId);
        return;
      }
      let entry = entries.get(eventId);
      if (!entry) {
        entry = { due: false, sentAt: 0, timer: undefined, computing: false };
        entries.set(eventId, entry);
      }
      entry.due = true;
      schedule(eventId);
    },

    current(eventId) {
      const entry = entries.get(eventId);
      const sent = lastSent.get(eventId);
      if (sent !== undefined && !entry?.due && !entry?.computing) return Promise.resolve(sent);
      const running = inFlight.get(eventId);
      if (running) return running;
      const computing = compute(eventId).finally(() => inFlight.delete(eventId));
      inFlight.set(eventId, computing);
      return computing;
    },

    close() {
      closed = true;
      for (const entry of entries.values()) clearTimeout(entry.timer);
      entries.clear();
      lastSent.clear();
    },
  };
}
