import type { DbOrTrx } from '../infra/db.ts';

/** The `rejected_songs` rows: the songs the host rejected for the night. */

/** Is the song one the host rejected for the night? */
export async function isRejected(db: DbOrTrx, eventId: number, songId: string): Promise<boolean> {
  const row = await db
    .selectFrom('rejected_songs')
    .select('song_id')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these songs the host rejected. */
export async function listRejected(
  db: DbOrTrx,
  eventId: number,
  songIds: readonly string[],
): Promise<Set<string>> {
  if (songIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('rejected_songs')
    .select('song_id')
    .where('event_id', '=', eventId)
    .where('song_id', 'in', [...songIds])
    .execute();
  return new Set(rows.map((row) => row.song_id));
}

/** Rejects the song for the night; false when it already was. */
export async function insertRejected(trx: DbOrTrx, eventId: number, songId: string) {
  const row = await trx
    .insertInto('rejected_songs')
    .values({ event_id: eventId, song_id: songId })
    .onConflict((oc) => oc.columns(['event_id', 'song_id']).doNothing())
    .returning('song_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the song's rejection back; false when it was not rejected. */
export async function deleteRejected(trx: DbOrTrx, eventId: number, songId: string) {
  const row = await trx
    .deleteFrom('rejected_songs')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .returning('song_id')
    .executeTakeFirst();
  return row !== undefined;
}
