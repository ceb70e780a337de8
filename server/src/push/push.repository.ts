import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../infra/db.ts';

/** The SQL of Web Push: subscriptions per phone and event, and the notices each was sent. */

/** A phone may hold this many subscriptions per event and guest; a newer one pushes out the oldest. */
export const SUBSCRIPTIONS_PER_GUEST = 5;

export interface StoredSubscription {
  id: number;
  endpoint: string;
  keys_sealed: string;
}

/**
 * Keeps a phone's subscription for an event the guest joined and that has
 * not ended: new, or the same phone's again (its keys replaced; a phone that
 * passed to another guest is theirs now, with no notices sent). The guest's
 * oldest beyond SUBSCRIPTIONS_PER_GUEST go. False when the guest has not
 * joined or the event ended: nothing is kept.
 */
export async function saveSubscription(
  db: Db,
  row: { eventId: number; attendeeId: number; endpoint: string; keysSealed: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('push_subscriptions')
      .where('event_id', '=', row.eventId)
      .where('endpoint', '=', row.endpoint)
      .where('attendee_id', '<>', row.attendeeId)
      .execute();
    const saved = await trx
      .insertInto('push_subscriptions')
      .columns(['event_id', 'attendee_id', 'endpoint', 'keys_sealed'])
      .expression((eb) =>
        eb
          .selectFrom('event_attendees')
          .innerJoin('events', 'events.id', 'event_attendees.event_id')
          .where('event_attendees.event_id', '=', row.eventId)
          .where('event_attendees.user_id', '=', row.attendeeId)
          .where('events.end_time', '>', sql<Date>`now()`)
          .select([
            'event_attendees.event_id',
            'event_attendees.user_id',
            sql<string>`${row.endpoint}::text`.as('endpoint'),
            sql<string>`${row.keysSealed}::text`.as('keys_sealed'),
          ]),
      )
      .onConflict((oc) =>
        oc
          .columns(['event_id', 'endpoint'])
          .doUpdateSet((eb) => ({ keys_sealed: eb.ref('excluded.keys_sealed') })),
      )
      .returning('id')
      .executeTakeFirst();
    if (!saved) return false;
    await trx
      .deleteFrom('push_subscriptions')
      .where('event_id', '=', row.eventId)
      .where('attendee_id', '=', row.attendeeId)
      .where(
        'id',
        'not in',
        trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('event_id', '=', row.eventId)
          .where('attendee_id', '=', row.attendeeId)
          .orderBy('id', 'desc')
          .limit(SUBSCRIPTIONS_PER_GUEST),
      )
      .execute();
    return true;
  });
}

/** Forgets a phone's subscription to an event, if the guest has it. */
export async function deleteSubscription(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** A subscription the push service says is gone (404, 410). */
export async function deleteSubscriptionById(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** Every subscription of an event (it ended). */
export async function deleteEventSubscriptions(db: DbOrTrx, eventId: number): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Subscriptions of events that ended: nobody there waits for a song any more. */
export async function deleteEndedEventSubscriptions(db: DbOrTrx, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where(
      'id',
      'in',
      db
        .selectFrom('push_subscriptions')
        .innerJoin('events', 'events.id', 'push_subscriptions.event_id')
        .where('events.end_time', '<=', sql<Date>`now()`)
        .select('push_subscriptions.id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The event a notice speaks of: its name and code, and whether it is over. */
export async function noticeEvent(
  db: DbOrTrx,
  eventId: number,
): Promise<{ name: string; code: string; ended: boolean } | undefined> {
  return db
    .selectFrom('events')
    .where('id', '=', eventId)
    .where('deleted_at', 'is', null)
    .select(['name', 'code', sql<boolean>`end_time <= now()`.as('ended')])
    .executeTakeFirst();
}

/** The title a song's requests carry, for a notice about it. */
export async function songNameOf(
  db: DbOrTrx,
  eventId: number,
  songId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .select('song_name')
    .limit(1)
    .executeTakeFirst();
  return row?.song_name;
}

/**
 * The subscriptions that have not had this notice about this song: those of
 * the song's requesters, or of `attendeeIds` when given (a rejected song's
 * requesters, named by the write that rejected it).
 */
export async function noticeTargets(
  db: DbOrTrx,
  notice: { eventId: number; songId: string; kind: string; attendeeIds?: readonly number[] },
): Promise<StoredSubscription[]> {
  const { eventId, songId, kind, attendeeIds } = notice;
  if (attendeeIds?.length === 0) return [];
  return db
    .selectFrom('push_subscriptions as s')
    .where('s.event_id', '=', eventId)
    .where((eb) =>
      attendeeIds
        ? eb('s.attendee_id', 'in', attendeeIds)
        : eb(
            's.attendee_id',
            'in',
            eb
              .selectFrom('song_requests')
              .where('song_requests.event_id', '=', eventId)
              .where('song_requests.song_id', '=', songId)
              .select('song_requests.attendee_id'),
          ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('push_notices as n')
            .whereRef('n.subscription_id', '=', 's.id')
            .where('n.song_id', '=', songId)
            .where('n.kind', '=', kind)
            .select(sql.lit(1).as('one')),
        ),
      ),
    )
    .select(['s.id', 's.endpoint', 's.keys_sealed'])
    .orderBy('s.id')
    .execute();
}

/** The push service took the notice for this subscription: it is not sent again. */
export async function recordNotice(
  db: DbOrTrx,
  subscriptionId: number,
  songId: string,
  kind: string,
): Promise<void> {
  await db
    .insertInto('push_notices')
    .values({ subscription_id: subscriptionId, song_id: songId, kind })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
