import {
  queueOrderOf,
  REQUEST_MSG,
  type BoostOrder,
  type QueueOrder,
  type EventAttendee,
  type EventLine,
  type GroupedSongRequest,
  type NowPlaying,
  type SongRequest,
} from '@floorfill/shared';
import { notFound } from '../http/errors.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { textScreenFor } from '../moderation/text-screen.ts';
import { findAttendance } from './attendees.repository.ts';
import { readEventLine } from './event-line.ts';
import { listEntries } from './queue-entries.repository.ts';
import { findLiveEvent, findNowPlaying } from './queue-event.repository.ts';
import * as reports from './queue-reports.repository.ts';
import type { EntryRow } from './queue-columns.ts';
import {
  toGroupedSong,
  toNowPlaying,
  toSongRequest,
  toUnrequestedNowPlaying,
} from './queue-shapes.ts';
import {
  listAttendeeRequests,
  listRequests,
  listRequestsOfSong,
} from './song-requests.repository.ts';

/**
 * The live queue's reads, for screens and reports: each takes the reader
 * (the db, or the caller's transaction) and answers the contract's shapes.
 */

/** The event's now-playing song (a queued one, or a track nobody requested), or null when nothing plays. */
export async function readNowPlaying(reader: DbOrTrx, eventId: number): Promise<NowPlaying | null> {
  const row = await findNowPlaying(reader, eventId);
  if (!row?.started_at) return null;
  if (row.song_id === null) {
    const track = { title: row.track_title ?? '', artist: row.track_artist };
    return toUnrequestedNowPlaying(eventId, track, row.started_at);
  }
  return toNowPlaying(row as EntryRow, row.started_at);
}

export const queueReads = {
  /** The first requesters' shown names of some songs, oldest first, at most `perSong` each. */
  firstRequesters(reader: DbOrTrx, eventId: number, songIds: readonly string[], perSong: number) {
    return reports.listFirstRequesters(reader, eventId, songIds, perSong);
  },

  /** The event's now-playing song, or null when nothing plays. */
  nowPlaying(reader: DbOrTrx, eventId: number): Promise<NowPlaying | null> {
    return readNowPlaying(reader, eventId);
  },

  /** The room's view of the waiting songs (`EventLine`); null for a missing or deleted event. */
  line(reader: DbOrTrx, eventId: number): Promise<EventLine | null> {
    return readEventLine(reader, eventId);
  },

  /** Who joined the host's event, newest first; 404 for someone else's event, a deleted or missing one. */
  async attendees(reader: DbOrTrx, hostId: number, eventId: number): Promise<EventAttendee[]> {
    const event = await findLiveEvent(reader, { eventId });
    if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
    const [rows, words] = await Promise.all([
      reports.listAttendees(reader, eventId),
      reports.blockedTermsOf(reader, eventId),
    ]);
    const screen = textScreenFor(words);
    return rows.map((row) => ({
      attendee_id: row.user_id,
      name: row.name,
      joined_at: row.joined_at.toISOString(),
      request_count: Number(row.request_count ?? 0),
      name_held: !row.name_allowed && screen.holds(row.name),
    }));
  },

  /**
   * The request side of the host's night summary: songs played, requests,
   * unique requesters, requests per bucket (empty ones filled in, from the
   * first request's bucket to the last one's) with the busiest, and the
   * most requested songs; 404 for someone else's event, a deleted or
   * missing one.
   */
  async nightFigures(
    reader: DbOrTrx,
    hostId: number,
    eventId: number,
    { bucketMinutes, top }: { bucketMinutes: number; top: number },
  ) {
    const event = await findLiveEvent(reader, { eventId });
    if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
    const bucketSeconds = bucketMinutes * 60;
    const [figures, topRows] = await Promise.all([
      reports.nightFigures(reader, eventId, bucketSeconds),
      reports.listTopEntries(reader, eventId, top),
    ]);
    const counts = new Map(figures.buckets.map((row) => [row.bucket, row.count]));
    const first = figures.buckets[0]?.bucket;
    const last = figures.buckets[figures.buckets.length - 1]?.bucket;
    const perBucket: Array<{ start: string; count: number }> = [];
    if (first !== undefined && last !== undefined) {
      for (let bucket = first; bucket <= last; bucket += 1) {
        const start = new Date(bucket * bucketSeconds * 1000).toISOString();
        perBucket.push({ start, count: counts.get(bucket) ?? 0 });
      }
    }
    const peak = perBucket.reduce<{ start: string; count: number } | null>(
      (best, bucket) => (best === null || bucket.count > best.count ? bucket : best),
      null,
    );
    return {
      songs_played: figures.played,
      requests_received: figures.requests,
      unique_requesters: figures.requesters,
      per_bucket: perBucket,
      peak,
      top_requested: topRows.map((row) => ({
        song_id: row.song_id,
        song_name: row.song_name,
        song_artist: row.song_artist,
        song_image: row.song_image,
        request_count: row.request_count,
      })),
    };
  },

  /** The event's grouped queue in the shared order, the host's choice of it (never a rejected song). */
  async groupedQueue(
    reader: DbOrTrx,
    eventId: number,
    order: QueueOrder,
    boost: BoostOrder = 'off',
  ): Promise<GroupedSongRequest[]> {
    return (await listEntries(reader, eventId)).map(toGroupedSong).sort(queueOrderOf(order, boost));
  },

  /** Every request of the event, oldest first. */
  async allRequests(reader: DbOrTrx, eventId: number): Promise<SongRequest[]> {
    return (await listRequests(reader, eventId)).map(toSongRequest);
  },

  /**
   * Who asked for one song of the host's event, oldest first; 404 for
   * someone else's event, a deleted or missing one, and a song nobody requested.
   */
  async requestersOf(
    reader: DbOrTrx,
    hostId: number,
    eventId: number,
    songId: string,
  ): Promise<SongRequest[]> {
    const event = await findLiveEvent(reader, { eventId });
    if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
    const rows = await listRequestsOfSong(reader, eventId, songId);
    if (rows.length === 0) throw notFound(REQUEST_MSG.notFound);
    return rows.map(toSongRequest);
  },

  /**
   * The host's set list: every played song in the order it was (last)
   * played, with its requests; 404 for someone else's event, a deleted or
   * missing one.
   */
  async setList(reader: DbOrTrx, hostId: number, eventId: number) {
    const event = await findLiveEvent(reader, { eventId });
    if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
    const played = await reports.listPlayedEntries(reader, eventId);
    return {
      event: { name: event.name, code: event.code, timezone: event.timezone },
      songs: played.map((entry) => ({
        song: toGroupedSong(entry),
        playedAt: entry.last_played_at as Date,
      })),
    };
  },

  /** When the user joined the event, or undefined when they have not. */
  attendanceOf(reader: DbOrTrx, eventId: number, userId: number) {
    return findAttendance(reader, eventId, userId);
  },

  /**
   * The attendee's own requests in an event, oldest first: those in the
   * queue, and those for songs the host rejected (which the queue leaves out).
   */
  async ownRequests(
    reader: DbOrTrx,
    eventId: number,
    attendeeId: number,
  ): Promise<{ requests: SongRequest[]; rejected: SongRequest[] }> {
    const rows = await listAttendeeRequests(reader, eventId, attendeeId);
    return {
      requests: rows.filter((row) => !row.rejected).map(toSongRequest),
      rejected: rows.filter((row) => row.rejected).map(toSongRequest),
    };
  },
};
