import type {
  EventStats,
  GroupedSongRequest,
  ServerToClientEvents,
  SongRequest,
} from '@floorfill/shared';
import type { Realtime } from '../realtime/realtime.ts';

/**
 * The pushes of a committed change to an event's queue. Every one carries the
 * seq the write's transaction bumped; call only after the commit.
 */

/**
 * Who hears a song's change. `room`: everyone watching the event, because
 * its requesters' own requests changed (the host marked the song played or
 * unplayed, or deleted it). `host`: the host's sockets only, because only the
 * grouped entry moved (an attendee sent, cancelled, left or logged out: the
 * count, and with it perhaps the all-played status); an attendee's page shows
 * no grouped queue, and no other attendee's own request changed.
 */
export type SongChangeAudience = 'host' | 'room';

/** A song's entry after a change: its new state, or null when it left the queue. */
export interface SongChange {
  songId: string;
  grouped: GroupedSongRequest | null;
  /** Set by whoever made the change: who needs to hear of it. */
  audience: SongChangeAudience;
}

/** One event's queue after a write that took requests out of it (a guest's logout). */
export interface QueueChange {
  eventId: number;
  seq: number;
  stats: EventStats;
  songs: SongChange[];
}

/**
 * The song's entry, to its audience. A write that pushes it to the host only
 * must push `event:stats` (or another push) with the same seq to the whole
 * room, so attendees see every seq and take no gap for a missed write.
 */
export function pushSongChange(
  realtime: Realtime,
  eventId: number,
  seq: number,
  change: SongChange,
): void {
  const { audience } = change;
  if (change.grouped) {
    pushTo(realtime, audience, eventId, 'request:upserted', {
      eventId,
      seq,
      request: change.grouped,
    });
  } else {
    pushTo(realtime, audience, eventId, 'request:removed', { eventId, seq, songId: change.songId });
  }
}

function pushTo<E extends keyof ServerToClientEvents>(
  realtime: Realtime,
  audience: SongChangeAudience,
  eventId: number,
  name: E,
  ...args: Parameters<ServerToClientEvents[E]>
): void {
  if (audience === 'room') realtime.toEvent(eventId, name, ...args);
  else realtime.toEventHost(eventId, name, ...args);
}

export function pushStats(
  realtime: Realtime,
  eventId: number,
  seq: number,
  stats: EventStats,
): void {
  realtime.toEvent(eventId, 'event:stats', { eventId, seq, stats });
}

/** Each song's entry to its audience, then the counts to the whole room (so every watcher sees the seq). */
export function pushQueueChange(realtime: Realtime, change: QueueChange): void {
  for (const song of change.songs) pushSongChange(realtime, change.eventId, change.seq, song);
  pushStats(realtime, change.eventId, change.seq, change.stats);
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
