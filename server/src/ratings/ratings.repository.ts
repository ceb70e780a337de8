import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';

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

export async function findLiveHostEvent(db: DbOrTrx, eventId: number, hostId: number) {
  return db
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .where('host_id', '=', hostId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
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
