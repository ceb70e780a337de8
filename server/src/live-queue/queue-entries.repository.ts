import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { entryColumns, isoTime, type EntryRow } from './queue-columns.ts';

/** The `queue_entries` rows: one per requested song, rebuilt from its requests after a write. */

/** One song's entry in the event's queue, or undefined when nobody requests it. */
export async function findEntry(db: DbOrTrx, eventId: number, songId: string) {
  return db
    .selectFrom('queue_entries')
    .select(entryColumns)
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .executeTakeFirst();
}

/** Inside a query on `queue_entries`: the host has not rejected the entry's song. */
function notRejected(eb: ExpressionBuilder<Database, 'queue_entries'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('rejected_songs')
        .select('rejected_songs.song_id')
        .whereRef('rejected_songs.event_id', '=', 'queue_entries.event_id')
        .whereRef('rejected_songs.song_id', '=', 'queue_entries.song_id'),
    ),
  );
}

/** An entry's columns but its times, which `listEntries` reads as text. */
const timelessEntryColumns = entryColumns.filter(
  (column) =>
    column !== 'queue_entries.first_requested_at' && column !== 'queue_entries.last_played_at',
);

/** An entry with its times as ISO text, as `listEntries` reads a whole queue. */
export type ListedEntryRow = Omit<EntryRow, 'first_requested_at' | 'last_played_at'> & {
  first_requested_at: string;
  last_played_at: string | null;
};

/**
 * The event's grouped queue without the songs the host rejected (any order:
 * the caller sorts with the shared comparator). Its times come as the ISO text
 * the answers carry, written by Postgres: for a big event's ~500 songs, parsing
 * each time into a Date and writing it back was a tenth of the host's snapshot.
 */
export async function listEntries(db: DbOrTrx, eventId: number): Promise<ListedEntryRow[]> {
  return db
    .selectFrom('queue_entries')
    .select(timelessEntryColumns)
    .select([
      isoTime('queue_entries.first_requested_at').as('first_requested_at'),
      isoTime('queue_entries.last_played_at').as('last_played_at'),
    ])
    .where('event_id', '=', eventId)
    .where(notRejected)
    .execute() as Promise<ListedEntryRow[]>;
}

/**
 * Rebuilds entries from their request rows: the song as first requested (the
 * earliest row left), how many ask, how many wait, how many carry a
 * dedication, when it was last played, whether any is of an explicit song,
 * the best turn among the waiting ones (among all once all played);
 * the host's Later flag stays as it was.
 * `songIds` names the songs a write took rows from or changed (null: every
 * song of the event); songs with no rows left lose their entry. Answers the
 * entries that remain.
 */
export async function rebuildEntries(
  trx: DbOrTrx,
  eventId: number,
  songIds: readonly string[] | null,
): Promise<EntryRow[]> {
  if (songIds?.length === 0) return [];
  const songs = songIds ? [...new Set(songIds)] : null;
  const onlySongs = songs ? sql`and song_id in (${sql.join(songs)})` : sql``;
  await sql`
    delete from queue_entries q
    where q.event_id = ${eventId} ${songs ? sql`and q.song_id in (${sql.join(songs)})` : sql``}
      and not exists (select 1 from song_requests r
                      where r.event_id = q.event_id and r.song_id = q.song_id)
  `.execute(trx);
  const result = await sql<EntryRow>`
    insert into queue_entries (event_id, song_id, song_name, song_artist, album_name, song_image,
      song_link, song_duration, request_count, unplayed_count, first_requested_at, last_played_at,
      dedication_count, explicit, turn)
    select distinct on (song_id) event_id, song_id, song_name, song_artist, album_name,
      song_image, song_link, song_duration,
      count(*) over w, count(*) filter (where status = 0) over w, created_at, max(played_at) over w,
      count(*) filter (where message is not null) over w, bool_or(explicit) over w,
      coalesce(min(turn) filter (where status = 0) over w, min(turn) over w)
    from song_requests
    where event_id = ${eventId} ${onlySongs}
    window w as (partition by song_id)
    order by song_id, created_at, id
    on conflict (event_id, song_id) do update set
      song_name = excluded.song_name, song_artist = excluded.song_artist,
      album_name = excluded.album_name, song_image = excluded.song_image,
      song_link = excluded.song_link, song_duration = excluded.song_duration,
      request_count = excluded.request_count, unplayed_count = excluded.unplayed_count,
      first_requested_at = excluded.first_requested_at, last_played_at = excluded.last_played_at,
      dedication_count = excluded.dedication_count, explicit = excluded.explicit,
      turn = excluded.turn
    returning *
  `.execute(trx);
  return result.rows;
}

/**
 * Sets or clears one of the host's flags on a song's entry: Later, or its
 * words waiting for the host; false when it already was so.
 */
export async function setEntryFlag(
  trx: DbOrTrx,
  eventId: number,
  songId: string,
  flag: 'later' | 'held',
  value: boolean,
) {
  const row = await trx
    .updateTable('queue_entries')
    .set({ [flag]: value })
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .where(flag, '=', !value)
    .returning('song_id')
    .executeTakeFirst();
  return row !== undefined;
}
