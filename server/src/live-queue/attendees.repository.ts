import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';
import { PREPARED } from '../infra/prepared-statements.ts';
import { eventColumns, shownName } from './queue-columns.ts';
import type { LockedEvent } from './queue-event.repository.ts';

/** The `event_attendees` rows: a join in one statement, a leave, one attendance. */

/** What a join's one statement answers: the event after it, when the user joined and their name. */
export type InsertedAttendance = LockedEvent & {
  joined_at: Date;
  attendee_name: string;
};

/**
 * A join in one statement (alone, or among its event's group commit): the attendance, only for a
 * live event holding the code and only once (the primary key decides); then,
 * only if it went in, the event's seq and attendee count. Undefined when
 * nothing was written (no such event, or already joined).
 */
export async function insertAttendanceByCode(
  db: DbOrTrx,
  code: string,
  userId: number,
): Promise<InsertedAttendance | undefined> {
  const result = await sql<InsertedAttendance>`${PREPARED}
    with inserted as (
      insert into event_attendees (event_id, user_id)
      select events.id, ${userId} from events
      where upper(events.code) = ${code.toUpperCase()} and events.deleted_at is null
      on conflict (event_id, user_id) do nothing
      returning event_id, joined_at
    ), bumped as (
      update events set seq = seq + 1, joined_count = joined_count + 1
      from inserted
      where events.id = inserted.event_id
      returning ${sql.join(eventColumns.map((column) => sql.ref(column)))}, inserted.joined_at
    )
    select bumped.*, (select ${shownName} from users where users.id = ${userId}) as attendee_name
    from bumped
  `.execute(db);
  return result.rows[0];
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

/** The host of a live event lets the big screen show a guest's name; false when no such guest there. */
export async function allowName(
  db: DbOrTrx,
  hostId: number,
  eventId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .updateTable('event_attendees')
    .set({ name_allowed: true })
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('events')
          .select('events.id')
          .whereRef('events.id', '=', 'event_attendees.event_id')
          .where('events.host_id', '=', hostId)
          .where('events.deleted_at', 'is', null),
      ),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
