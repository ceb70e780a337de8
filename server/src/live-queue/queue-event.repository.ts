import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';
import { entryColumns, eventColumns } from './queue-columns.ts';
import { rebuildEntries } from './queue-entries.repository.ts';

/**
 * The event's row as the live queue writes it: its seq (the row lock every
 * queue write takes first), its counters, its now-playing pointer.
 *
 * Lock order: a queue write first takes the event's row lock (by bumping its
 * seq), then touches requests and entries. Every write takes its locks in that
 * order, so two writes cannot deadlock, and the event lock queues the event's
 * writes one after another: seq k+1's entry counts every request of seq ≤ k.
 */

export interface CounterDelta {
  joined?: number;
  requests?: number;
}

/**
 * Takes the event's row lock by bumping its seq (and moving its counters by
 * `delta`, when the write already knows how). Undefined when there is no such
 * live event.
 */
export async function lockAndBump(
  trx: DbOrTrx,
  target: { eventId: number } | { code: string },
  delta: CounterDelta = {},
) {
  let query = trx
    .updateTable('events')
    .set({
      seq: sql<string>`seq + 1`,
      joined_count: sql<number>`joined_count + ${delta.joined ?? 0}`,
      request_count: sql<number>`request_count + ${delta.requests ?? 0}`,
    })
    .where('events.deleted_at', 'is', null);
  query =
    'eventId' in target
      ? query.where('events.id', '=', target.eventId)
      : query.where(sql`upper(events.code)`, '=', target.code.toUpperCase());
  return query.returning(eventColumns).executeTakeFirst();
}

export type LockedEvent = NonNullable<Awaited<ReturnType<typeof lockAndBump>>>;

/** Moves the event's counters after a write that learned its delta only by making it. */
export async function moveCounters(trx: DbOrTrx, eventId: number, delta: CounterDelta) {
  return trx
    .updateTable('events')
    .set({
      joined_count: sql<number>`joined_count + ${delta.joined ?? 0}`,
      request_count: sql<number>`request_count + ${delta.requests ?? 0}`,
    })
    .where('id', '=', eventId)
    .returning(['joined_count', 'request_count'])
    .executeTakeFirstOrThrow();
}

/** A live event by id or code, unlocked, with the columns a queue write answers with. */
export async function findLiveEvent(db: DbOrTrx, target: { eventId: number } | { code: string }) {
  const query = db.selectFrom('events').select(eventColumns).where('events.deleted_at', 'is', null);
  return 'eventId' in target
    ? query.where('events.id', '=', target.eventId).executeTakeFirst()
    : query.where(sql`upper(events.code)`, '=', target.code.toUpperCase()).executeTakeFirst();
}

/** A track the decks play that nobody requested: its title and artist as the DJ software named them. */
export interface UnrequestedTrack {
  title: string;
  artist: string | null;
}

/** Points the event's now-playing at a queued song or an unrequested track, started now, or at nothing. */
export async function setNowPlaying(
  trx: DbOrTrx,
  eventId: number,
  playing: string | UnrequestedTrack | null,
) {
  const track = typeof playing === 'object' ? playing : null;
  await trx
    .updateTable('events')
    .set({
      now_playing_song_id: typeof playing === 'string' ? playing : null,
      now_playing_title: track?.title ?? null,
      now_playing_artist: track?.artist ?? null,
      now_playing_started_at: playing === null ? null : sql<Date>`now()`,
    })
    .where('id', '=', eventId)
    .execute();
}

/**
 * The event's now playing: the queued song's entry, or the unrequested
 * track's title and artist (then every entry column is null), with when it
 * started; undefined when nothing plays.
 */
export async function findNowPlaying(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('events')
    .leftJoin('queue_entries', (join) =>
      join
        .onRef('queue_entries.event_id', '=', 'events.id')
        .onRef('queue_entries.song_id', '=', 'events.now_playing_song_id'),
    )
    .select(entryColumns)
    .select([
      'events.now_playing_started_at as started_at',
      'events.now_playing_title as track_title',
      'events.now_playing_artist as track_artist',
    ])
    .where('events.id', '=', eventId)
    .where((eb) =>
      eb.or([
        eb('queue_entries.song_id', 'is not', null),
        eb('events.now_playing_title', 'is not', null),
      ]),
    )
    .executeTakeFirst();
}

/** The events a user joined or requested songs in, lowest id first (the order their locks are taken). */
export async function listEventsTouchedBy(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_attendees')
    .select('event_id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('song_requests').select('event_id').where('attendee_id', '=', userId))
    .orderBy('event_id')
    .execute();
  return rows.map((row) => row.event_id);
}

/** A deleted event's requests, entries and attendance go (its tips and ratings stay). */
export async function deleteEventQueue(trx: DbOrTrx, eventId: number): Promise<void> {
  await trx.deleteFrom('song_requests').where('event_id', '=', eventId).execute();
  await trx.deleteFrom('queue_entries').where('event_id', '=', eventId).execute();
  await trx.deleteFrom('rejected_songs').where('event_id', '=', eventId).execute();
  await trx.deleteFrom('event_attendees').where('event_id', '=', eventId).execute();
  await trx
    .updateTable('events')
    .set({
      joined_count: 0,
      request_count: 0,
      now_playing_song_id: null,
      now_playing_title: null,
      now_playing_artist: null,
      now_playing_started_at: null,
    })
    .where('id', '=', eventId)
    .execute();
}

/**
 * Rebuilds an event's counters and entries from its rows: for data written
 * around the live queue (test and benchmark seeding, a repair by hand).
 */
export async function recountEventQueue(trx: DbOrTrx, eventId: number): Promise<void> {
  await rebuildEntries(trx, eventId, null);
  await sql`
    update events set
      joined_count = (select count(*) from event_attendees a where a.event_id = ${eventId}),
      request_count = (select count(*) from song_requests r where r.event_id = ${eventId})
    where id = ${eventId}
  `.execute(trx);
}
