import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';
import { joinedBy } from '../events/events.repository.ts';

/** All Kysely code of ratings and the host's running rating totals. */

/** A member (never a guest) who can be rated. */
export async function findRateableHost(db: DbOrTrx, hostId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', hostId)
    .where('is_guest', '=', false)
    .executeTakeFirst();
}

/** The host's live event, with whether this attendee joined it and whether it has started. */
export async function findLiveHostEvent(
  db: DbOrTrx,
  eventId: number,
  hostId: number,
  attendeeId: number,
) {
  return db
    .selectFrom('events')
    .select((eb) => [
      'events.id',
      eb('events.start_time', '<=', sql<Date>`now()`).as('started'),
      joinedBy(eb, attendeeId).as('joined'),
    ])
    .where('events.id', '=', eventId)
    .where('events.host_id', '=', hostId)
    .where('events.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Has this attendee joined any of the host's events that has started? */
export async function attendedHostEvent(
  db: DbOrTrx,
  hostId: number,
  attendeeId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('event_attendees')
    .innerJoin('events', 'events.id', 'event_attendees.event_id')
    .select('events.id')
    .where('event_attendees.user_id', '=', attendeeId)
    .where('events.host_id', '=', hostId)
    .where('events.deleted_at', 'is', null)
    .where('events.start_time', '<=', sql<Date>`now()`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewRating {
  hostId: number;
  attendeeId: number;
  eventId: number | null;
  rating: number;
  feedback: string | null;
}

/**
 * Stores the rating unless this attendee already rated this host for this
 * event (or, without an event, at all): false then. The unique index decides,
 * so two concurrent tries store one.
 */
export async function insertRating(trx: DbOrTrx, rating: NewRating): Promise<boolean> {
  const row = await trx
    .insertInto('ratings')
    .values({
      host_id: rating.hostId,
      attendee_id: rating.attendeeId,
      event_id: rating.eventId,
      rating: rating.rating,
      feedback: rating.feedback,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds one rating to the host's totals in place (no read-modify-write), answering the new totals. */
export async function addToHostRating(trx: DbOrTrx, hostId: number, rating: number) {
  return trx
    .updateTable('users')
    .set({
      rating_sum: sql`rating_sum + ${rating}`,
      rating_count: sql`rating_count + 1`,
    })
    .where('id', '=', hostId)
    .returning(['rating_sum', 'rating_count'])
    .executeTakeFirstOrThrow();
}
