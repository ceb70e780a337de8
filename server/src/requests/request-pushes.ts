import type { EventStats, GroupedSongRequest, SongRequest } from '@floorfill/shared';
import type { Realtime } from '../realtime/realtime.ts';

/**
 * The pushes of a committed change to an event's queue. Every one carries the
 * seq the write's transaction bumped; call only after the commit.
 */

/** A song's entry after a change: its new state, or null when it left the queue. */
export interface SongChange {
  songId: string;
  grouped: GroupedSongRequest | null;
}

export function pushSongChange(
  realtime: Realtime,
  eventId: number,
  seq: number,
  change: SongChange,
): void {
  if (change.grouped) {
    realtime.toEvent(eventId, 'request:upserted', { eventId, seq, request: change.grouped });
  } else {
    realtime.toEvent(eventId, 'request:removed', { eventId, seq, songId: change.songId });
  }
}

export function pushStats(
  realtime: Realtime,
  eventId: number,
  seq: number,
  stats: EventStats,
): void {
  realtime.toEvent(eventId, 'event:stats', { eventId, seq, stats });
}

/** Tells each requester, in their own room (every device, subscribed or not), that their song was played. */
export function pushPlayed(
  realtime: Realtime,
  eventId: number,
  seq: number,
  eventName: string,
  requests: readonly SongRequest[],
): void {
  for (const request of requests) {
    realtime.toUser(request.attendee_id, 'request:played', { eventId, seq, request, eventName });
  }
}
