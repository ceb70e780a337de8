import type { BoostOrder, QueueOrder } from '@floorfill/shared';
import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';
import { entryColumns, shownName } from './queue-columns.ts';

/**
 * The queue's reads for reports and screens, never in the write path: who
 * joined, the first requesters, the night's figures, the most requested and
 * played songs, the line.
 */

/** The host's blocked words of an event (its text screen's own words). */
export async function blockedTermsOf(db: DbOrTrx, eventId: number): Promise<string[]> {
  const row = await db
    .selectFrom('events')
    .select('blocked_terms')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row?.blocked_terms ?? [];
}

/** Who joined the event, newest first, with their requests in it. */
export async function listAttendees(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('event_attendees')
    .innerJoin('users', 'users.id', 'event_attendees.user_id')
    .select([
      'event_attendees.user_id',
      'event_attendees.joined_at',
      'event_attendees.name_allowed',
      shownName.as('name'),
      (eb) =>
        eb
          .selectFrom('song_requests')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('song_requests.event_id', '=', 'event_attendees.event_id')
          .whereRef('song_requests.attendee_id', '=', 'event_attendees.user_id')
          .as('request_count'),
    ])
    .where('event_attendees.event_id', '=', eventId)
    .orderBy('event_attendees.joined_at', 'desc')
    .orderBy('event_attendees.user_id', 'desc')
    .execute();
}

/**
 * The first requesters' shown names of some songs (oldest request first, at
 * most `perSong` each), for the big screen when the host shows who asked.
 */
export async function listFirstRequesters(
  db: DbOrTrx,
  eventId: number,
  songIds: readonly string[],
  perSong: number,
): Promise<Array<{ song_id: string; name: string; name_allowed: boolean }>> {
  if (songIds.length === 0) return [];
  const result = await sql<{ song_id: string; name: string; name_allowed: boolean }>`
    select song_id, name, name_allowed from (
      select r.song_id, ${shownName} as name, coalesce(a.name_allowed, false) as name_allowed,
        row_number() over (partition by r.song_id order by r.created_at, r.id) as position
      from song_requests r join users on users.id = r.attendee_id
        left join event_attendees a on a.event_id = r.event_id and a.user_id = r.attendee_id
      where r.event_id = ${eventId} and r.song_id in (${sql.join([...songIds])})
    ) ranked
    where position <= ${perSong}
    order by song_id, position
  `.execute(db);
  return result.rows;
}

/** An event's request figures for its night summary: totals, and requests per time bucket. */
export async function nightFigures(db: DbOrTrx, eventId: number, bucketSeconds: number) {
  const totals = await db
    .selectFrom('song_requests')
    .select((eb) => [
      eb.fn.countAll<string>().as('requests'),
      eb.fn.count<string>('song_requests.attendee_id').distinct().as('requesters'),
      sql<string>`count(distinct song_requests.song_id) filter (where song_requests.status = 1)`.as(
        'played',
      ),
    ])
    .where('song_requests.event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  const buckets = await sql<{ bucket: string; count: string }>`
    select floor(extract(epoch from created_at) / ${bucketSeconds})::bigint as bucket,
      count(*) as count
    from song_requests
    where event_id = ${eventId}
    group by 1
    order by 1
  `.execute(db);
  return {
    requests: Number(totals.requests),
    requesters: Number(totals.requesters),
    played: Number(totals.played),
    buckets: buckets.rows.map((row) => ({ bucket: Number(row.bucket), count: Number(row.count) })),
  };
}

/** The event's most requested songs (the ones asked for first break ties). */
export async function listTopEntries(db: DbOrTrx, eventId: number, limit: number) {
  return db
    .selectFrom('queue_entries')
    .select(entryColumns)
    .where('event_id', '=', eventId)
    .orderBy('request_count', 'desc')
    .orderBy('first_requested_at', 'asc')
    .orderBy('song_id', 'asc')
    .limit(limit)
    .execute();
}

/** The event's played songs, in the order they were (last) played. */
export async function listPlayedEntries(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('queue_entries')
    .select(entryColumns)
    .where('event_id', '=', eventId)
    .where('last_played_at', 'is not', null)
    .orderBy('last_played_at')
    .orderBy('song_id')
    .execute();
}

/** A row of the line's read: the event's seq, and one waiting song (all null when none waits). */
export interface LineRow {
  seq: string;
  queue_order: QueueOrder;
  boost_order: BoostOrder;
  song_id: string | null;
  song_name: string | null;
  song_artist: string | null;
  album_name: string | null;
  song_image: string | null;
  song_duration: number | null;
  request_count: number | null;
  later: boolean | null;
  turn: number | null;
  held: boolean | null;
  boost_cents: number | null;
  first_requested_at: Date | null;
}

/**
 * The event's seq and its order, and its first `limit` waiting songs in that
 * order (Later ones last, then the host's order as `compareQueueEntries`
 * has it), without the
 * playing song and the rejected ones: one statement, so the seq is the one
 * the songs were read at. No row for a missing or deleted event; one row of
 * nulls beside the seq when nothing waits. Sorts the event's waiting entries
 * (bounded by the songs requested, not the requests), keeping the first `limit`.
 */
export async function listLine(db: DbOrTrx, eventId: number, limit: number): Promise<LineRow[]> {
  const result = await sql<LineRow>`
    select e.seq, e.queue_order, e.boost_order, q.song_id, q.song_name, q.song_artist,
      q.album_name, q.song_image, q.song_duration, q.request_count, q.later, q.turn, q.held,
      q.boost_cents, q.first_requested_at
    from events e
    left join lateral (
      select q.* from queue_entries q
      where q.event_id = e.id and q.unplayed_count > 0
        and q.song_id is distinct from e.now_playing_song_id
        and not exists (select 1 from rejected_songs r
                        where r.event_id = q.event_id and r.song_id = q.song_id)
      -- compareQueueEntries's order, for each of the host's choices (queue and boost order)
      order by q.later,
        case when e.boost_order = 'orders' then q.boost_cents else 0 end desc,
        case when e.queue_order = 'fair_share' then q.turn else 0 end,
        case when e.queue_order = 'first_come' then 0 else q.request_count end desc,
        case when e.queue_order = 'first_come' then q.first_requested_at end,
        case when e.boost_order = 'ties' then q.boost_cents else 0 end desc,
        q.first_requested_at, q.song_id
      limit ${limit}
    ) q on true
    where e.id = ${eventId} and e.deleted_at is null
  `.execute(db);
  return result.rows;
}
