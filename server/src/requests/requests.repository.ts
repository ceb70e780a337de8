import type { EventStats } from '@floorfill/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { SongRequestRow } from '../events/events.repository.ts';
import type { Database } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';

/** All SQL of song requests: one row per attendee and song (unique), grouped by song for the host. */

export interface NewSongRequest {
  eventId: number;
  attendeeId: number;
  songId: string;
  songName: string;
  songArtist: string | null;
  albumName: string;
  songImage: string | null;
  songLink: string | null;
  songDuration: number;
}

/**
 * An event's requests joined with their attendee's shown name, oldest first:
 * the shape the events feature groups. Callers narrow it further.
 */
export function selectEventSongRequests(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('song_requests')
    .innerJoin('users', 'users.id', 'song_requests.attendee_id')
    .where('song_requests.event_id', '=', eventId)
    .select([
      'song_requests.id',
      'song_requests.event_id',
      'song_requests.attendee_id',
      'song_requests.song_id',
      'song_requests.song_name',
      'song_requests.song_artist',
      'song_requests.album_name',
      'song_requests.song_image',
      'song_requests.song_link',
      'song_requests.song_duration',
      'song_requests.status',
      'song_requests.played_at',
      'song_requests.created_at',
    ])
    .select(sql<string>`coalesce(nullif(users.display_name, ''), users.name)`.as('attendee_name'))
    .orderBy('song_requests.created_at', 'asc')
    .orderBy('song_requests.id', 'asc');
}

/**
 * Inserts the attendee's request for a song; undefined when they already
 * requested it (the unique constraint decides, without aborting the transaction).
 */
export async function insertSongRequest(
  trx: DbOrTrx,
  request: NewSongRequest,
): Promise<number | undefined> {
  const row = await trx
    .insertInto('song_requests')
    .values({
      event_id: request.eventId,
      attendee_id: request.attendeeId,
      song_id: request.songId,
      song_name: request.songName,
      song_artist: request.songArtist,
      album_name: request.albumName,
      song_image: request.songImage,
      song_link: request.songLink,
      song_duration: request.songDuration,
    })
    .onConflict((oc) => oc.columns(['event_id', 'attendee_id', 'song_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Every request of one song in an event, oldest first. */
export async function listSongRequestsOfSong(db: DbOrTrx, eventId: number, songId: string) {
  return selectEventSongRequests(db, eventId).where('song_requests.song_id', '=', songId).execute();
}

function attendeeCount(eb: ExpressionBuilder<Database, 'song_requests'>, eventId: number) {
  return eb
    .selectFrom('event_attendees')
    .select((sub) => sub.fn.countAll<string>().as('count'))
    .where('event_attendees.event_id', '=', eventId)
    .as('joined_count');
}

function requestCount(eb: ExpressionBuilder<Database, 'song_requests'>, eventId: number) {
  return eb
    .selectFrom('song_requests as all_requests')
    .select((sub) => sub.fn.countAll<string>().as('count'))
    .where('all_requests.event_id', '=', eventId)
    .as('request_count');
}

/** How many attendees joined the event and how many song requests it holds. */
export async function countEventActivity(db: DbOrTrx, eventId: number): Promise<EventStats> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('event_attendees')
        .select((sub) => sub.fn.countAll<string>().as('count'))
        .where('event_id', '=', eventId)
        .as('joined'),
      eb
        .selectFrom('song_requests')
        .select((sub) => sub.fn.countAll<string>().as('count'))
        .where('event_id', '=', eventId)
        .as('requests'),
    ])
    .executeTakeFirstOrThrow();
  return { joined: Number(row.joined ?? 0), requests: Number(row.requests ?? 0) };
}

/**
 * One song's requests and the event's counts in one round trip (a write
 * reads them while it holds the event's lock, so fewer trips mean less queueing).
 */
export async function readSongAndStats(
  db: DbOrTrx,
  eventId: number,
  songId: string,
): Promise<{ rows: SongRequestRow[]; stats: EventStats }> {
  const rows = await selectEventSongRequests(db, eventId)
    .where('song_requests.song_id', '=', songId)
    .select((eb) => [attendeeCount(eb, eventId), requestCount(eb, eventId)])
    .execute();
  const first = rows[0];
  if (!first) return { rows: [], stats: await countEventActivity(db, eventId) };
  return {
    rows,
    stats: { joined: Number(first.joined_count ?? 0), requests: Number(first.request_count ?? 0) },
  };
}

/** One attendee's requests in an event, oldest first. */
export async function listAttendeeRequests(db: DbOrTrx, eventId: number, attendeeId: number) {
  return selectEventSongRequests(db, eventId)
    .where('song_requests.attendee_id', '=', attendeeId)
    .execute();
}

/** The event's requests with these ids (the rows a write just changed). */
export async function listRequestsByIds(db: DbOrTrx, eventId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return selectEventSongRequests(db, eventId).where('song_requests.id', 'in', ids).execute();
}

/** One attendee's request for a song, or undefined. */
export async function findAttendeeSongRequest(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
) {
  return selectEventSongRequests(db, eventId)
    .where('song_requests.attendee_id', '=', attendeeId)
    .where('song_requests.song_id', '=', songId)
    .executeTakeFirst();
}

/** Deletes the attendee's request for a song; false when they had none. */
export async function deleteAttendeeSongRequest(
  trx: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId)
    .where('song_id', '=', songId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the attendee's requests not played yet; answers the songs they were for. */
export async function deleteUnplayedAttendeeRequests(
  trx: DbOrTrx,
  eventId: number,
  attendeeId: number,
): Promise<string[]> {
  const rows = await trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId)
    .where('status', '=', 0)
    .returning('song_id')
    .execute();
  return rows.map((row) => row.song_id);
}

/** Deletes every request the attendee made, in any event; answers the events and songs they were for. */
export async function deleteAllAttendeeRequests(
  trx: DbOrTrx,
  attendeeId: number,
): Promise<Array<{ event_id: number; song_id: string }>> {
  return trx
    .deleteFrom('song_requests')
    .where('attendee_id', '=', attendeeId)
    .returning(['event_id', 'song_id'])
    .execute();
}

/** Whether anyone requested the song in the event. */
export async function songIsRequested(
  db: DbOrTrx,
  eventId: number,
  songId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('song_requests')
    .select('id')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the song's unplayed requests played now; answers the ids of the rows it changed. */
export async function markSongPlayed(
  trx: DbOrTrx,
  eventId: number,
  songId: string,
): Promise<number[]> {
  const rows = await trx
    .updateTable('song_requests')
    .set({ status: 1, played_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .where('status', '=', 0)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Puts the song's played requests back in the queue; answers how many rows changed. */
export async function markSongUnplayed(
  trx: DbOrTrx,
  eventId: number,
  songId: string,
): Promise<number> {
  const rows = await trx
    .updateTable('song_requests')
    .set({ status: 0, played_at: null })
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .where('status', '=', 1)
    .returning('id')
    .execute();
  return rows.length;
}

/** Deletes every request of the song in the event; answers how many rows went. */
export async function deleteSongRequests(
  trx: DbOrTrx,
  eventId: number,
  songId: string,
): Promise<number> {
  const rows = await trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * A built-in catalog song by id. Read here (not through the catalog's search)
 * because a request needs the one song its id names, as the catalog stores it.
 */
export async function findCatalogSong(db: DbOrTrx, songId: string) {
  return db
    .selectFrom('catalog_songs')
    .select(['id', 'title', 'artist', 'album', 'duration_seconds'])
    .where('id', '=', songId)
    .executeTakeFirst();
}
