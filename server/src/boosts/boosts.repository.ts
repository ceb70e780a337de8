import {
  BOOST_REFUND_WINDOW_HOURS,
  type Boost,
  type BoostReason,
  type BoostState,
  type BoostTotals,
  type HostBoost,
} from '@floorfill/shared';
import { sql } from 'kysely';
import type { BoostStatus } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';

/** All Kysely code of boosts. */

const boostColumns = [
  'boosts.id',
  'boosts.event_id',
  'boosts.host_id',
  'boosts.attendee_id',
  'boosts.attendee_name',
  'boosts.song_id',
  'boosts.song_name',
  'boosts.amount_cents',
  'boosts.currency',
  'boosts.platform_fee_cents',
  'boosts.status',
  'boosts.reason',
  'boosts.checkout_session_id',
  'boosts.payment_intent_id',
  'boosts.is_demo',
  'boosts.capture_failed',
  'boosts.held_at',
  'boosts.play_started_at',
  'boosts.captured_at',
  'boosts.settled_at',
  'boosts.created_at',
] as const;

export async function findBoost(db: DbOrTrx, boostId: number) {
  return db.selectFrom('boosts').select(boostColumns).where('id', '=', boostId).executeTakeFirst();
}

export type BoostRow = NonNullable<Awaited<ReturnType<typeof findBoost>>>;

/** The boost row, locked for the rest of the transaction. */
export async function lockBoost(trx: DbOrTrx, boostId: number) {
  return trx
    .selectFrom('boosts')
    .select(boostColumns)
    .where('id', '=', boostId)
    .forUpdate()
    .executeTakeFirst();
}

interface PaymentIds {
  paymentIntentId?: string | null;
  checkoutSessionId?: string | null;
  boostId: number | null;
}

/** The boost a PaymentIntent or Checkout Session belongs to, locked: by its ids, else by the metadata's boost id. */
export function lockBoostOfPayment(trx: DbOrTrx, ids: PaymentIds) {
  return boostOfPayment(trx, ids, true);
}

/** The same, unlocked. */
export function findBoostOfPayment(db: DbOrTrx, ids: PaymentIds) {
  return boostOfPayment(db, ids, false);
}

async function boostOfPayment(trx: DbOrTrx, ids: PaymentIds, lock: boolean) {
  const select = trx.selectFrom('boosts').select(boostColumns);
  const base = lock ? select.forUpdate() : select;
  if (ids.paymentIntentId) {
    const row = await base.where('payment_intent_id', '=', ids.paymentIntentId).executeTakeFirst();
    if (row) return row;
  }
  if (ids.checkoutSessionId) {
    const row = await base
      .where('checkout_session_id', '=', ids.checkoutSessionId)
      .executeTakeFirst();
    if (row) return row;
  }
  if (ids.boostId === null) return undefined;
  return base.where('id', '=', ids.boostId).executeTakeFirst();
}

/** The event's boosts not yet settled (pending or held), locked: the review decides each. */
export async function lockOpenBoosts(trx: DbOrTrx, eventId: number) {
  return trx
    .selectFrom('boosts')
    .select(boostColumns)
    .where('event_id', '=', eventId)
    .where('status', 'in', ['pending', 'held'])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Takes the next boost id before the row exists (the Checkout Session and PaymentIntent carry it). */
export async function reserveBoostId(db: DbOrTrx): Promise<number> {
  const row = await sql<{
    id: string;
  }>`select nextval(pg_get_serial_sequence('boosts', 'id'))::text as id`.execute(db);
  const id = Number(row.rows[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error('no boost id reserved');
  return id;
}

export interface NewBoost {
  id: number;
  eventId: number;
  hostId: number;
  attendeeId: number;
  attendeeName: string;
  songId: string;
  songName: string;
  amountCents: number;
  currency: string;
  platformFeeCents: number;
  isDemo: boolean;
  status: 'pending' | 'held';
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
}

/** Stores a new boost; false when the guest already has an open boost on the song (the unique index). */
export async function insertBoost(trx: DbOrTrx, boost: NewBoost): Promise<boolean> {
  const row = await trx
    .insertInto('boosts')
    .values({
      id: boost.id,
      event_id: boost.eventId,
      host_id: boost.hostId,
      attendee_id: boost.attendeeId,
      attendee_name: boost.attendeeName,
      song_id: boost.songId,
      song_name: boost.songName,
      amount_cents: boost.amountCents,
      currency: boost.currency,
      platform_fee_cents: boost.platformFeeCents,
      status: boost.status,
      is_demo: boost.isDemo,
      checkout_session_id: boost.checkoutSessionId,
      payment_intent_id: boost.paymentIntentId,
      held_at: boost.status === 'held' ? sql<Date>`now()` : null,
    })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'attendee_id', 'song_id'])
        .where('status', 'in', ['pending', 'held'])
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Has the guest an open (pending or held) boost on this song? */
export async function hasOpenBoost(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('boosts')
    .select('id')
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId)
    .where('song_id', '=', songId)
    .where('status', 'in', ['pending', 'held'])
    .executeTakeFirst();
  return row !== undefined;
}

export interface BoostMove {
  status: BoostStatus;
  reason?: BoostReason | null;
  paymentIntentId?: string | null;
  captureFailed?: boolean;
}

const SETTLED: readonly BoostStatus[] = ['captured', 'released', 'failed', 'refunded'];

/** Moves a boost on (the caller holds its row lock), stamping when it was held, captured, settled. */
export async function moveBoost(trx: DbOrTrx, boostId: number, move: BoostMove): Promise<void> {
  await trx
    .updateTable('boosts')
    .set({
      status: move.status,
      updated_at: sql<Date>`now()`,
      ...(move.reason !== undefined ? { reason: move.reason } : {}),
      ...(move.paymentIntentId ? { payment_intent_id: move.paymentIntentId } : {}),
      ...(move.captureFailed ? { capture_failed: true } : {}),
      ...(move.status === 'held' ? { held_at: sql<Date>`coalesce(held_at, now())` } : {}),
      ...(move.status === 'captured'
        ? { captured_at: sql<Date>`coalesce(captured_at, now())` }
        : {}),
      ...(SETTLED.includes(move.status) ? { settled_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', boostId)
    .execute();
}

/** Notes when the play a held boost waits on began. */
export async function notePlayStart(trx: DbOrTrx, boostId: number, startedAt: Date): Promise<void> {
  await trx
    .updateTable('boosts')
    .set({ play_started_at: startedAt, updated_at: sql<Date>`now()` })
    .where('id', '=', boostId)
    .execute();
}

/** The guest's request for the song (any status), with when it was played; undefined when cancelled. */
export async function findOwnRequest(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
) {
  return db
    .selectFrom('song_requests')
    .select(['id', 'status', 'played_at', 'song_name'])
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId)
    .where('song_id', '=', songId)
    .executeTakeFirst();
}

/** What a review reads of an event besides the lock: its end, what plays since when, the boost settings. */
export async function findBoostEvent(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('events')
    .select([
      'id',
      'host_id',
      'name',
      'end_time',
      'deleted_at',
      'now_playing_song_id',
      'now_playing_started_at',
      'boosts_enabled',
      'boost_min_cents',
      'boost_currency',
      'boost_counts_after_seconds',
      sql<boolean>`deleted_at is not null or end_time <= now()`.as('ended'),
    ])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

export type BoostEventRow = NonNullable<Awaited<ReturnType<typeof findBoostEvent>>>;

/** Has the event a boost not yet settled? */
export async function hasOpenBoosts(db: DbOrTrx, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('boosts')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', 'in', ['pending', 'held'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Events with boosts still to settle: the sweep reviews each. */
export async function eventsWithOpenBoosts(db: DbOrTrx, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('boosts')
    .select('event_id')
    .distinct()
    .where('status', 'in', ['pending', 'held'])
    .orderBy('event_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.event_id);
}

/** Boosts decided (capturing, releasing) whose Stripe call has not been confirmed: retried by the sweep. */
export async function unsettledDecisions(db: DbOrTrx, olderThanSeconds: number, limit: number) {
  return db
    .selectFrom('boosts')
    .select(['id', 'status'])
    .where('status', 'in', ['capturing', 'releasing'])
    .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The guest-facing state of a boost's stored status. */
export function stateOf(status: BoostStatus): BoostState {
  switch (status) {
    case 'capturing':
    case 'releasing':
      return 'held';
    case 'captured':
      return 'charged';
    default:
      return status;
  }
}

function isoText(time: Date | null): string | null {
  return time ? time.toISOString() : null;
}

export function toBoost(row: BoostRow): Boost {
  return {
    id: row.id,
    event_id: row.event_id,
    song_id: row.song_id,
    song_name: row.song_name,
    amount_cents: row.amount_cents,
    currency: row.currency,
    state: stateOf(row.status),
    reason: (row.reason as BoostReason | null) ?? null,
    created_at: row.created_at.toISOString(),
    settled_at: isoText(row.settled_at),
  };
}

const REFUND_WINDOW_MS = BOOST_REFUND_WINDOW_HOURS * 3600_000;

export function toHostBoost(row: BoostRow, now = Date.now()): HostBoost {
  return {
    ...toBoost(row),
    attendee_name: row.attendee_name,
    refundable:
      row.status === 'captured' &&
      row.captured_at !== null &&
      now - row.captured_at.getTime() < REFUND_WINDOW_MS,
    capture_failed: row.capture_failed,
  };
}

/** A demo boost's checkout with what its page shows. */
export async function findDemoBoostCheckout(db: DbOrTrx, checkoutId: string) {
  return db
    .selectFrom('boosts')
    .innerJoin('events', 'events.id', 'boosts.event_id')
    .leftJoin('users as hosts', 'hosts.id', 'boosts.host_id')
    .select([
      'boosts.id',
      'boosts.event_id',
      'boosts.song_name',
      'boosts.amount_cents',
      'boosts.status',
      'events.name as event_name',
      'hosts.name as host_name',
      'hosts.display_name as host_display_name',
    ])
    .where('boosts.checkout_session_id', '=', checkoutId)
    .where('boosts.is_demo', '=', true)
    .executeTakeFirst();
}

/** A guest's boosts in an event, newest first. */
export async function listOwnBoosts(db: DbOrTrx, eventId: number, attendeeId: number) {
  return db
    .selectFrom('boosts')
    .select(boostColumns)
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId)
    .orderBy('id', 'desc')
    .execute();
}

/** An event's boosts for its host, newest first (those never paid for left out). */
export async function listEventBoosts(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('boosts')
    .select(boostColumns)
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('status', '!=', 'failed'), eb('capture_failed', '=', true)]))
    .orderBy('id', 'desc')
    .execute();
}

/** Boost money of one event or of all of a host's events. */
export async function boostTotals(
  db: DbOrTrx,
  scope: { hostId: number; eventId?: number },
): Promise<BoostTotals> {
  let query = db
    .selectFrom('boosts')
    .select((eb) => [
      sql<string>`count(*) filter (where status = 'captured')`.as('charged_count'),
      sql<string>`coalesce(sum(amount_cents) filter (where status = 'captured'), 0)`.as(
        'charged_cents',
      ),
      sql<string>`count(*) filter (where status = 'released')`.as('released_count'),
      sql<string>`coalesce(sum(amount_cents) filter (where status = 'released'), 0)`.as(
        'released_cents',
      ),
      sql<string>`count(*) filter (where status = 'refunded')`.as('refunded_count'),
      sql<string>`coalesce(sum(amount_cents) filter (where status = 'refunded'), 0)`.as(
        'refunded_cents',
      ),
      eb.fn.max('currency').as('currency'),
    ])
    .where('host_id', '=', scope.hostId);
  if (scope.eventId !== undefined) query = query.where('event_id', '=', scope.eventId);
  const row = await query.executeTakeFirstOrThrow();
  return {
    charged_count: Number(row.charged_count),
    charged_cents: Number(row.charged_cents),
    released_count: Number(row.released_count),
    released_cents: Number(row.released_cents),
    refunded_count: Number(row.refunded_count),
    refunded_cents: Number(row.refunded_cents),
    currency: row.currency ?? 'usd',
  };
}
