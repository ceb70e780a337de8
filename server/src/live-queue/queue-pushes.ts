import {
  eventRoom,
  roomViewOfSong,
  userRoom,
  type EventStats,
  type GroupedSongRequest,
  type NowPlaying,
  type SongRequest,
} from '@floorfill/shared';
import type { Realtime } from '../realtime/realtime.ts';

/**
 * The pushes of a committed queue write. Every one carries the seq the write
 * bumped; the live queue hands them over only after the commit.
 */

/**
 * Who hears a song's change. `room`: everyone watching the event, because
 * its requesters' own requests changed (the host marked the song, deleted,
 * rejected or restored it). `host`: the host's sockets only, because only the
 * grouped entry moved (an attendee sent, cancelled, left or logged out: the
 * count, and with it perhaps the all-played status); an attendee's page shows
 * no grouped queue, and no other attendee's own request changed.
 */
export type SongChangeAudience = 'host' | 'room';

/** A song's entry after a change: its new state, or null when it left the queue. */
export interface SongChange {
  songId: string;
  grouped: GroupedSongRequest | null;
  audience: SongChangeAudience;
  /** The change was one more request for a song already waiting: only its counts moved. */
  recount?: boolean;
}

/** What one committed write changed in one event's queue, and so what its watchers hear. */
export interface QueueChange {
  eventId: number;
  seq: number;
  stats: EventStats;
  songs: SongChange[];
  joined?: { attendeeId: number; attendeeName: string };
  left?: { attendeeId: number };
  /** Requests this write turned to played, with the event's name, for each requester's own room. */
  played?: { eventName: string; requests: SongRequest[] };
  /** The event's now-playing song after the write, when the write moved it (null: nothing plays). */
  nowPlaying?: NowPlaying | null;
  /** A song the host rejected, and who had asked for it (each hears it in their own room). */
  rejected?: { songId: string; songName: string; eventName: string; attendeeIds: number[] };
}

/**
 * Does the change alter what the room sees of the queue (a song's entry,
 * what plays): the big screen's state and the line?
 */
export function changesQueueShown(change: QueueChange): boolean {
  return change.songs.length > 0 || change.nowPlaying !== undefined;
}

/** Hands a committed change to its audiences: the room, the host room, the requesters. */
export type QueuePublisher = (change: QueueChange) => void;

function pushSongChange(realtime: Realtime, eventId: number, seq: number, change: SongChange) {
  const toRoom = change.audience === 'room';
  if (change.grouped) {
    const push = { eventId, seq, request: change.grouped };
    if (toRoom && change.grouped.held) {
      // Words waiting for the host reach only the host; the room gets the neutral form.
      const roomPush = { ...push, request: roomViewOfSong(change.grouped) };
      realtime.toEventWithHostForm(eventId, 'request:upserted', [push], [roomPush]);
    } else if (toRoom) realtime.toEvent(eventId, 'request:upserted', push);
    else if (change.recount) realtime.toEventHostRecount(eventId, push);
    else realtime.toEventHost(eventId, 'request:upserted', push);
    return;
  }
  const push = { eventId, seq, songId: change.songId };
  if (toRoom) realtime.toEvent(eventId, 'request:removed', push);
  else realtime.toEventHost(eventId, 'request:removed', push);
}

/**
 * The leaver's sockets stop watching the event's room before the room hears
 * of the leave: at once on this node (the adapter's cluster-wide leave is a
 * Redis round trip, while an emit reaches local sockets immediately), and on
 * the other nodes through Redis, ahead of the pushes published after it.
 */
function stopWatching(realtime: Realtime, userId: number, eventId: number): void {
  realtime.io.local.in(userRoom(userId)).socketsLeave(eventRoom(eventId));
  realtime.io.in(userRoom(userId)).socketsLeave(eventRoom(eventId));
}

/**
 * Publishes through Socket.IO rooms (on every node with the Redis adapter),
 * each push to those whose screens show it:
 * - the host room hears every change, each with its seq, so the host's
 *   queue is exact: who joined or left, every song's entry after a count moved;
 * - the whole room hears the host's marks (every requester's own request
 *   changed) and the counts, coalesced (`realtime.toEventCoalesced`: the
 *   host's sockets twice a second, the others once every two seconds): a
 *   room of thousands of phones does not need every request's count;
 * - the whole room hears `event:now-playing` when what plays changed;
 * - each requester hears `request:played` or `request:rejected` in their own room;
 * - the event's big screens and the line (`event:line`, the room's view of
 *   the waiting songs) are told to look again, with the counts; each is then
 *   coalesced and computed once per room on the nodes where someone watches.
 * Attendees so see only some seqs; their pages apply what they get as state.
 */
export function createRealtimePublisher(realtime: Realtime): QueuePublisher {
  return (change) => {
    const { eventId, seq } = change;
    if (change.joined) {
      realtime.toEventHost(eventId, 'attendee:joined', { eventId, seq, ...change.joined });
    }
    if (change.left) {
      stopWatching(realtime, change.left.attendeeId, eventId);
      realtime.toEventHost(eventId, 'attendee:left', { eventId, seq, ...change.left });
    }
    for (const song of change.songs) pushSongChange(realtime, eventId, seq, song);
    if (change.nowPlaying !== undefined) {
      const push = { eventId, seq, nowPlaying: change.nowPlaying };
      if (change.nowPlaying?.held) {
        const roomPush = { ...push, nowPlaying: roomViewOfSong(change.nowPlaying) };
        realtime.toEventWithHostForm(eventId, 'event:now-playing', [push], [roomPush]);
      } else realtime.toEvent(eventId, 'event:now-playing', push);
    }
    // The big screens and the line are told in the same message between nodes as the counts.
    realtime.toEventCoalesced(
      'event:stats',
      { eventId, seq, stats: change.stats },
      { queueShown: changesQueueShown(change) },
    );
    if (change.played) {
      const { eventName, requests } = change.played;
      for (const request of requests) {
        realtime.toUser(request.attendee_id, 'request:played', {
          eventId,
          seq,
          request,
          eventName,
        });
      }
    }
    if (change.rejected) {
      const { songId, songName, eventName, attendeeIds } = change.rejected;
      for (const attendeeId of attendeeIds) {
        realtime.toUser(attendeeId, 'request:rejected', {
          eventId,
          seq,
          songId,
          songName,
          eventName,
        });
      }
    }
  };
}
