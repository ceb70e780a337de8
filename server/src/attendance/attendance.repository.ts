import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';

/** All SQL of attendance: who joined which event, and when. */

/** Adds the attendance; false when the user had already joined (nothing changed). */
export async function insertAttendance(
  trx: DbOrTrx,
  eventId: number,
  userId: number,
): Promise<boolean> {
  const row = await trx
    .insertInto('event_attendees')
    .values({ event_id: eventId, user_id: userId })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the attendance; false when there was none. */
export async function deleteAttendance(
  trx: DbOrTrx,
  eventId: number,
  userId: number,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('event_attendees')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** When the user joined the event, or undefined when they have not. */
export async function findAttendance(db: DbOrTrx, eventId: number, userId: number) {
  return db
    .selectFrom('event_attendees')
    .select('joined_at')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Every event the user joined, with when. */
export async function listAttendances(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('event_attendees')
    .select(['event_id', 'joined_at'])
    .where('user_id', '=', userId)
    .execute();
}

/** The name others see for a user: the display name, or the full name when it is empty. */
export async function findShownName(db: DbOrTrx, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(sql<string>`coalesce(nullif(display_name, ''), name)`.as('shown_name'))
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.shown_name ?? '';
}
