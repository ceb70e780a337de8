import type { DbOrTrx } from '../infra/db.ts';

/** Attendance as the attendee reads it: which events they joined, and when (the live queue writes it). */

/** Every event the user joined, with when. */
export async function listAttendances(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('event_attendees')
    .select(['event_id', 'joined_at'])
    .where('user_id', '=', userId)
    .execute();
}
