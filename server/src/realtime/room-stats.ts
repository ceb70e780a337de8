import { eventHostRoom, eventRoom } from '@floorfill/shared';
import type { Metrics } from '../metrics/metrics.ts';
import { createCoalescer } from './coalescer.ts';
import type { FanOut, LocalTarget } from './fan-out.ts';
import type { AppServer, CoalescedName, CoalescedPush } from './socket-types.ts';

/**
 * The least time between two `event:stats` an attendee's socket gets: counts
 * move with every request, and a phone showing who is here and how many
 * asked needs them every 2 s at most (the line's pace), not twenty times a
 * second; each one is a write to every socket in the room.
 */
export const STATS_INTERVAL_MS = 2000;
/** The least time between two `event:stats` the host's sockets get: the booth's dashboard, twice a second. */
export const HOST_STATS_INTERVAL_MS = 500;

/** A coalesced push as the coalescers keep it: its event and seq beside it. */
interface Coalesced {
  eventId: number;
  seq: number;
  name: CoalescedName;
  push: CoalescedPush;
}

export interface RoomStats {
  /** Keeps the newest state of an event, passed on now or once the last interval is over. */
  offer(name: CoalescedName, push: CoalescedPush): void;
  /** Passes on every state still waiting for its interval. */
  flushAll(): void;
  close(): void;
}

/**
 * The counts, coalesced per event twice over: the host's sockets get them
 * at most once per HOST_STATS_INTERVAL_MS (the booth's dashboard), the rest
 * of the room at most once per STATS_INTERVAL_MS, in slices. Both leave with
 * setImmediate, as every push does: the pushes of the writes they count were
 * queued before them, so they arrive first.
 */
export function createRoomStats(
  io: AppServer,
  metrics: Metrics,
  fanOut: FanOut,
  isClosed: () => boolean,
): RoomStats {
  const hostStats = createCoalescer<Coalesced>({
    intervalMs: HOST_STATS_INTERVAL_MS,
    send: ({ eventId, name, push }, done) => {
      metrics.socketEmits.inc({ event: name });
      setImmediate(() => {
        if (!isClosed()) io.local.to(eventHostRoom(eventId)).emit(name, push);
        done();
      });
    },
  });
  const roomStats = createCoalescer<Coalesced>({
    intervalMs: STATS_INTERVAL_MS,
    send: ({ eventId, name, push }, done) => {
      metrics.socketEmits.inc({ event: name });
      setImmediate(() => {
        if (isClosed()) return done();
        const emit = (to: LocalTarget) => to.emit(name, push);
        fanOut.emitInSlices(eventRoom(eventId), emit, done, eventHostRoom(eventId));
      });
    },
  });

  return {
    offer(name, push) {
      const offered = { eventId: push.eventId, seq: push.seq, name, push };
      hostStats.offer(offered);
      roomStats.offer(offered);
    },
    flushAll() {
      hostStats.flushAll();
      roomStats.flushAll();
    },
    close() {
      hostStats.close();
      roomStats.close();
    },
  };
}
