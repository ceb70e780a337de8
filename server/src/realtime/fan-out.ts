import type { Metrics } from '../metrics/metrics.ts';
import type { AppServer } from './socket-types.ts';

/** Sockets a room-wide state push is written to per turn of the event loop (~3 ms of work). */
export const FAN_OUT_SLICE = 100;

/** Where a slice of a fan-out is emitted: this node's sockets of a room, or a list of them. */
export type LocalTarget = ReturnType<AppServer['local']['to']>;

export interface FanOut {
  /**
   * A room-wide state push to this node's sockets of a room (but those also
   * in `except`), then `done`.
   */
  emitInSlices(
    room: string,
    emit: (to: LocalTarget) => void,
    done?: () => void,
    except?: string,
  ): void;
}

/**
 * A room-wide state push to this node's sockets, a slice of FAN_OUT_SLICE
 * sockets per turn of the event loop. Each socket costs a write to the kernel
 * (~30 µs): one emit to 10,000 sockets would hold the loop ~300 ms, and the
 * host's push and every HTTP answer would wait behind it; sliced, they go
 * between two slices. Each slice is one room emit, encoded once for its
 * sockets. Only for coalesced state (counts, the line): each push carries the
 * whole state, so a socket that joins during the fan-out and misses it gets
 * the next one, and one that left is skipped. A fan-out stops once the
 * realtime server is closing (`isClosed`).
 */
export function createFanOut(io: AppServer, metrics: Metrics, isClosed: () => boolean): FanOut {
  /** Runs one slice and records the CPU it took (what a busy machine adds is not its). */
  function timeSlice(write: () => void): void {
    const before = process.cpuUsage();
    write();
    const used = process.cpuUsage(before);
    metrics.fanOutSlice.observe((used.user + used.system) / 1e6);
  }

  return {
    emitInSlices(room, emit, done = () => undefined, except) {
      const rooms = io.of('/').adapter.rooms;
      const members = rooms.get(room);
      const skipped = except === undefined ? undefined : rooms.get(except);
      if (!members || members.size === 0) return done();
      if (members.size <= FAN_OUT_SLICE) {
        timeSlice(() =>
          emit(except === undefined ? io.local.to(room) : io.local.to(room).except(except)),
        );
        return done();
      }
      const ids = skipped ? [...members].filter((id) => !skipped.has(id)) : [...members];
      const sendFrom = (start: number) => {
        if (isClosed()) return;
        timeSlice(() => emit(io.local.to(ids.slice(start, start + FAN_OUT_SLICE))));
        if (start + FAN_OUT_SLICE < ids.length) setImmediate(sendFrom, start + FAN_OUT_SLICE);
        else done();
      };
      sendFrom(0);
    },
  };
}
