import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';
import { shownName } from './queue-columns.ts';

/** The `song_requests` rows once written: read with the requesters' names, marked, deleted. */

/** The rows of song requests with the requester's shown name, for the contract's SongRequest. */
function requestsWithNames(db: DbOrTrx, eventId: number) {
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
      'song_requests.message',
      'song_requests.created_at',
    ])
    .select(shownName.as('attendee_name'))
    .orderBy('song_requests.created_at', 'asc')
    .orderBy('song_requests.id', 'asc');
}

export type RequestRow = Awaited<
  ReturnType<ReturnType<typeof requestsWithNames>['execute']>
>[number];

/** Every request of an event, oldest first. */
export async function listRequests(db: DbOrTrx, eventId: number): Promise<RequestRow[]> {
  return requestsWithNames(db, eventId).execute();
}

/** The requests of one song, oldest first (who asked for it). */
export async function listRequestsOfSong(db: DbOrTrx, eventId: number, songId: string) {
  return requestsWithNames(db, eventId).where('song_requests.song_id', '=', songId).execute();
}

/** One attendee's requests in an event, oldest first, each with whether the host rejected its song. */
export async function listAttendeeRequests(db: DbOrTrx, eventId: number, attendeeId: number) {
  return requestsWithNames(db, eventId)
    .where('song_requests.attendee_id', '=', attendeeId)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('rejected_songs')
            .select('rejected_songs.song_id')
            .whereRef('rejected_songs.event_id', '=', 'song_requests.event_id')
            .whereRef('rejected_songs.song_id', '=', 'song_requests.song_id'),
        )
        .as('rejected'),
    )
    .execute();
}

/** One attendee's request for a song, or undefined. */
export async function findAttendeeRequest(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
) {
  return requestsWithNames(db, eventId)
    .where('song_requests.attendee_id', '=', attendeeId)
    .where('song_requests.song_id', '=', songId)
    .executeTakeFirst();
}

/** Deletes the attendee's request for a song; false when they had none. */
export async function deleteAttendeeRequest(
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
    // A played request is the night's history: the guest's cancel leaves it be.
    .where('status', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the attendee's requests in an event — only those still waiting
 * (`waitingOnly`: a leave keeps the played ones as the event's history), or
 * all of them (the account goes). Answers the songs they were for.
 */
export async function deleteRequestsOf(
  trx: DbOrTrx,
  eventId: number,
  attendeeId: number,
  { waitingOnly, keep = null }: { waitingOnly: boolean; keep?: string | null },
): Promise<string[]> {
  let query = trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId);
  if (waitingOnly) query = query.where('status', '=', 0);
  if (keep !== null) query = query.where('song_id', '!=', keep);
  const rows = await query.returning('song_id').execute();
  return rows.map((row) => row.song_id);
}

/** Marks the song's waiting requests played now; answers them with the requesters' names. */
export async function markPlayed(trx: DbOrTrx, eventId: number, songId: string) {
  const ids = await trx
    .updateTable('song_requests')
    .set({ status: 1, played_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .where('status', '=', 0)
    .returning('id')
    .execute();
  if (ids.length === 0) return [];
  return requestsWithNames(trx, eventId)
    .where(
      'song_requests.id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
}

/** Puts the song's played requests back in the queue; answers how many rows changed. */
export async function markUnplayed(trx: DbOrTrx, eventId: number, songId: string): Promise<number> {
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

/** Deletes every request of the song in the event with its entry; answers how many rows went. */
export async function deleteSong(trx: DbOrTrx, eventId: number, songId: string): Promise<number> {
  const rows = await trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .returning('id')
    .execute();
  await trx
    .deleteFrom('queue_entries')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .execute();
  return rows.length;
}
