import {
  eventDisplayRoom,
  eventRoom,
  LINE_INTERVAL_MS,
  sameLine,
  type DisplayState,
  type EventLine,
} from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';
import type { FanOut } from './fan-out.ts';
import { createRoomState } from './room-state.ts';
import type { AppServer } from './socket-types.ts';
import type { RoomSources } from './subscriptions.ts';

/** The least time between two `display:updated` of one event: at most two a second. */
export const DISPLAY_INTERVAL_MS = 500;

export interface QueueViews {
  /** The event's big-screen state may have changed. */
  displayChanged(eventId: number): void;
  /** What the room sees of the queue changed (heard from this node or another): screens and line. */
  queueShown(eventId: number): void;
  /** The line as last passed on, or computed now, for one socket catching up. */
  currentLine(eventId: number): Promise<EventLine | null>;
  close(): void;
}

/**
 * What a room sees of the queue, computed by this node for its own sockets:
 * the big screens' state (`display:updated`, at most once per
 * DISPLAY_INTERVAL_MS) while the event's display room has sockets here, and
 * the line (`event:line`, at most once per LINE_INTERVAL_MS and only when it
 * changed) while the event's room has. Each is computed once for the room,
 * not per socket, and Socket.IO encodes a room emit once for all its sockets.
 */
export function createQueueViews(
  io: AppServer,
  {
    sources,
    metrics,
    fanOut,
    log,
  }: {
    sources: RoomSources;
    metrics: Metrics;
    fanOut: FanOut;
    log: FastifyBaseLogger;
  },
): QueueViews {
  const hasSockets = (room: string) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;

  const displays = createRoomState<DisplayState>({
    watched: (eventId) => hasSockets(eventDisplayRoom(eventId)),
    intervalMs: DISPLAY_INTERVAL_MS,
    compute: (eventId) => sources.displayStates.byEvent(eventId),
    emit: (eventId, state) => {
      metrics.socketEmits.inc({ event: 'display:updated' });
      io.local.to(eventDisplayRoom(eventId)).emit('display:updated', { eventId, state });
    },
    onError: (error, eventId) => log.warn({ err: error, eventId }, 'display state failed'),
  });

  const lines = createRoomState<EventLine>({
    watched: (eventId) => hasSockets(eventRoom(eventId)),
    intervalMs: LINE_INTERVAL_MS,
    compute: (eventId) => sources.readLine(eventId),
    emit: (eventId, line) => {
      metrics.socketEmits.inc({ event: 'event:line' });
      fanOut.emitInSlices(eventRoom(eventId), (to) => to.emit('event:line', { eventId, line }));
    },
    same: sameLine,
    onError: (error, eventId) => log.warn({ err: error, eventId }, 'line failed'),
  });

  return {
    displayChanged: (eventId) => displays.changed(eventId),
    queueShown(eventId) {
      displays.changed(eventId);
      lines.changed(eventId);
    },
    currentLine: (eventId) => lines.current(eventId),
    close() {
      displays.close();
      lines.close();
    },
  };
}
