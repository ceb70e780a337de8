import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';

/**
 * All SQL of events, as the host sees them. Attendance and requests appear
 * only as the counters the live queue keeps on the event's row.
 */

export interface EventFields {
  name: string;
  start_time: string;
  end_time: string;
  address: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  timezone: string;
}

export type EventTiming = 'all' | 'upcoming' | 'past';

export interface HostEventFilter {
  hostId: number;
  /** Only events starting at or after this instant. */
  startsFrom?: Date;
  /** Only events starting before this instant. */
  startsBefore?: Date;
  /** Plain text matched anywhere in name or location, case-insensitively. */
  search?: string;
  timing?: EventTiming;
}

export interface EventPage {
  sort: 'name' | 'start_time';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** An event as its summary shows it, with its seq (the live queue answers with these too). */
export const eventSummaryColumns = [
  'events.id',
  'events.host_id',
  'events.name',
  'events.start_time',
  'events.end_time',
  'events.timezone',
  'events.address',
  'events.zip',
  'events.city',
  'events.state',
  'events.country',
  'events.banner_path',
  'events.code',
  'events.seq',
] as const;

/** Inside a query on `events`: has this user joined the event (an attendance row exists)? */
export function joinedBy(eb: ExpressionBuilder<Database, 'events'>, userId: number) {
  return eb.exists(
    eb
      .selectFrom('event_attendees')
      .select('event_attendees.user_id')
      .whereRef('event_attendees.event_id', '=', 'events.id')
      .where('event_attendees.user_id', '=', userId),
  );
}

/** The host's request controls (migration 202611251000). */
export const settingsColumns = [
  'events.requests_open',
  'events.max_open_requests_per_guest',
  'events.guest_cooldown_seconds',
  'events.song_repeat_minutes',
  'events.allow_explicit',
  'events.blocked_terms',
  'events.display_requester_names',
  'events.queue_order',
  'events.boosts_enabled',
  'events.boost_min_cents',
  'events.boost_currency',
  'events.boost_order',
  'events.boost_counts_after_seconds',
  'events.display_boosted',
] as const;

/** The counters the live queue keeps, under the names the contract's summary uses. */
const counterColumns = [
  'events.joined_count as enrolled_users_count',
  'events.request_count as song_requests_count',
] as const;

const SEARCHED_COLUMNS = [
  'events.name',
  'events.address',
  'events.zip',
  'events.city',
  'events.state',
  'events.country',
] as const;

/** LIKE treats % and _ as wildcards and \ as the escape: a search for "50%" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function hostEvents(db: DbOrTrx, filter: HostEventFilter) {
  let query = db
    .selectFrom('events')
    .where('events.host_id', '=', filter.hostId)
    .where('events.deleted_at', 'is', null);
  if (filter.startsFrom) query = query.where('events.start_time', '>=', filter.startsFrom);
  if (filter.startsBefore) query = query.where('events.start_time', '<', filter.startsBefore);
  if (filter.timing === 'upcoming') query = query.where('events.end_time', '>', sql<Date>`now()`);
  if (filter.timing === 'past') query = query.where('events.end_time', '<=', sql<Date>`now()`);
  const search = filter.search;
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) =>
      eb.or(SEARCHED_COLUMNS.map((column) => eb(column, 'ilike', pattern))),
    );
  }
  return query;
}

export async function countHostEvents(db: DbOrTrx, filter: HostEventFilter): Promise<number> {
  const row = await hostEvents(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One page of a host's events, sorted with the id as a tie-break so pages never overlap. */
export async function listHostEvents(db: DbOrTrx, filter: HostEventFilter, page: EventPage) {
  const sortKey = page.sort === 'name' ? sql`lower(events.name)` : sql`events.start_time`;
  return hostEvents(db, filter)
    .select(eventSummaryColumns)
    .select(counterColumns)
    .orderBy(sortKey, page.order)
    .orderBy('events.id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type EventSummaryRow = Awaited<ReturnType<typeof listHostEvents>>[number];

/** The start times of a host's live events in [from, to), for the calendar. */
export async function listHostEventStarts(
  db: DbOrTrx,
  hostId: number,
  from: Date,
  to: Date,
): Promise<Date[]> {
  const rows = await hostEvents(db, { hostId, startsFrom: from, startsBefore: to })
    .select('events.start_time')
    .execute();
  return rows.map((row) => row.start_time);
}

/** A host's live events that have not ended, soonest first. */
export async function listUpcomingHostEvents(db: DbOrTrx, hostId: number, limit: number) {
  return hostEvents(db, { hostId, timing: 'upcoming' })
    .select(eventSummaryColumns)
    .select(counterColumns)
    .orderBy('events.start_time', 'asc')
    .orderBy('events.id', 'asc')
    .limit(limit)
    .execute();
}

/** One of the host's live events, or undefined (missing, deleted, or someone else's alike). */
export async function findHostEvent(db: DbOrTrx, hostId: number, eventId: number) {
  return hostEvents(db, { hostId })
    .where('events.id', '=', eventId)
    .select(eventSummaryColumns)
    .select(counterColumns)
    .select(settingsColumns)
    .executeTakeFirst();
}

export interface RequestSettingsChange {
  requests_open?: boolean;
  max_open_requests_per_guest?: number;
  guest_cooldown_seconds?: number;
  song_repeat_minutes?: number;
  allow_explicit?: boolean;
  blocked_terms?: string[];
  display_requester_names?: boolean;
  queue_order?: 'most_requested' | 'first_come' | 'fair_share';
  boosts_enabled?: boolean;
  boost_min_cents?: number;
  boost_currency?: string;
  boost_order?: 'off' | 'orders' | 'ties';
  boost_counts_after_seconds?: number;
  display_boosted?: boolean;
}

/** Changes the host's live event's request controls and bumps its seq; undefined when not theirs. */
export async function updateRequestSettings(
  db: DbOrTrx,
  hostId: number,
  eventId: number,
  change: RequestSettingsChange,
) {
  return db
    .updateTable('events')
    .set({ ...change, seq: sql<string>`seq + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', eventId)
    .where('host_id', '=', hostId)
    .where('deleted_at', 'is', null)
    .returning([...settingsColumns, 'events.seq'])
    .executeTakeFirst();
}

/** All-time totals over a host's live events: events, distinct attendees, song requests. */
export async function hostTotals(db: DbOrTrx, hostId: number) {
  const events = await hostEvents(db, { hostId })
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('event_attendees')
    .innerJoin('events', 'events.id', 'event_attendees.event_id')
    .where('events.host_id', '=', hostId)
    .where('events.deleted_at', 'is', null)
    .select((eb) => eb.fn.count<string>('event_attendees.user_id').distinct().as('count'))
    .executeTakeFirstOrThrow();
  const requests = await hostEvents(db, { hostId })
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<string>('events.request_count'), eb.lit(0)).as('count'),
    )
    .executeTakeFirstOrThrow();
  return {
    events: Number(events.count),
    users: Number(users.count),
    requests: Number(requests.count),
  };
}

/**
 * Inserts an event under a code; undefined when a live event already holds
 * that code (checked by the partial unique index, without aborting the
 * surrounding transaction), so the caller can draw another.
 */
export async function insertEvent(
  trx: DbOrTrx,
  event: EventFields & { hostId: number; code: string; bannerPath: string | null },
): Promise<number | undefined> {
  const { hostId, code, bannerPath, ...fields } = event;
  const row = await trx
    .insertInto('events')
    .values({ ...fields, host_id: hostId, code, banner_path: bannerPath })
    .onConflict((oc) =>
      oc
        .expression(sql`upper(code)`)
        .where('deleted_at', 'is', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Locks one of the host's live events for a write; undefined when there is none. */
export async function lockHostEvent(trx: DbOrTrx, hostId: number, eventId: number) {
  return trx
    .selectFrom('events')
    .select(['id', 'banner_path', 'timezone'])
    .where('id', '=', eventId)
    .where('host_id', '=', hostId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Replaces the form fields (and the banner when given) and bumps seq. */
export async function updateEvent(
  trx: DbOrTrx,
  eventId: number,
  fields: EventFields,
  bannerPath: string | undefined,
): Promise<void> {
  await trx
    .updateTable('events')
    .set({
      ...fields,
      ...(bannerPath === undefined ? {} : { banner_path: bannerPath }),
      seq: sql<string>`seq + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', eventId)
    .execute();
}

/** Marks the event deleted and bumps seq; answers the new seq. */
export async function softDeleteEvent(trx: DbOrTrx, eventId: number): Promise<number> {
  const row = await trx
    .updateTable('events')
    .set({ deleted_at: sql<Date>`now()`, seq: sql<string>`seq + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', eventId)
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** The live event holding a code (case-insensitive). */
export async function findLiveEventByCode(db: DbOrTrx, code: string) {
  return db
    .selectFrom('events')
    .select(['id', 'code', 'host_id'])
    .where(sql`upper(code)`, '=', code.toUpperCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The seq, counts and host of a live event the user hosts or has joined; undefined otherwise. */
export async function findWatchableEvent(
  db: DbOrTrx,
  userId: number,
  eventId: number,
): Promise<{ seq: number; hostId: number; joined: number; requests: number } | undefined> {
  const row = await db
    .selectFrom('events')
    .select(['events.seq', 'events.host_id', 'events.joined_count', 'events.request_count'])
    .where('events.id', '=', eventId)
    .where('events.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('events.host_id', '=', userId), joinedBy(eb, userId)]))
    .executeTakeFirst();
  return row
    ? {
        seq: Number(row.seq),
        hostId: row.host_id,
        joined: Number(row.joined_count),
        requests: Number(row.request_count),
      }
    : undefined;
}

/** Every live (not deleted) event, whoever hosts it, with its summary's columns. */
function liveEventSummaries(db: DbOrTrx) {
  return db
    .selectFrom('events')
    .where('events.deleted_at', 'is', null)
    .select(eventSummaryColumns)
    .select(counterColumns);
}

/** One live event whoever hosts it (the attendee's view), or undefined when missing or deleted. */
export async function findLiveEvent(db: DbOrTrx, eventId: number) {
  return liveEventSummaries(db)
    .where('events.id', '=', eventId)
    .select(settingsColumns)
    .executeTakeFirst();
}

/** The live events among these ids, in no particular order. */
export async function listLiveEventsByIds(db: DbOrTrx, eventIds: readonly number[]) {
  if (eventIds.length === 0) return [];
  return liveEventSummaries(db).where('events.id', 'in', eventIds).execute();
}
