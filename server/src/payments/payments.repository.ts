import { sql } from 'kysely';
import type { TipStatus } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { joinedBy } from '../events/events.repository.ts';

/** All Kysely code of tips, connected accounts and webhook bookkeeping. */

const accountColumns = [
  'id',
  'email',
  'is_guest',
  'stripe_account_id',
  'stripe_account_status',
  'stripe_account_is_demo',
] as const;

export async function findPaymentAccount(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select(accountColumns).where('id', '=', userId).executeTakeFirst();
}

export type PaymentAccountRow = NonNullable<Awaited<ReturnType<typeof findPaymentAccount>>>;

/**
 * Links a new Stripe account to the user unless one is linked already (two
 * concurrent connects: the first wins); answers the account id now linked.
 */
export async function linkStripeAccount(
  trx: DbOrTrx,
  userId: number,
  accountId: string,
  status: string,
): Promise<string | null> {
  const updated = await trx
    .updateTable('users')
    .set({
      stripe_account_id: accountId,
      stripe_account_status: status,
      stripe_account_is_demo: false,
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .where('stripe_account_id', 'is', null)
    .returning('stripe_account_id')
    .executeTakeFirst();
  if (updated) return updated.stripe_account_id;
  const current = await findPaymentAccount(trx, userId);
  return current?.stripe_account_id ?? null;
}

export async function setAccountStatus(
  db: DbOrTrx,
  userId: number,
  status: string | null,
  isDemo: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      stripe_account_status: status,
      stripe_account_is_demo: isDemo,
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

/** account.updated: the status of whoever holds this real (not demo) account. */
export async function setStatusOfStripeAccount(
  db: DbOrTrx,
  accountId: string,
  status: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ stripe_account_status: status, updated_at: sql`now()` })
    .where('stripe_account_id', '=', accountId)
    .where('stripe_account_is_demo', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A member who may be tipped, with what the checkout page and line item show. */
export async function findTipRecipient(db: DbOrTrx, hostId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'display_name',
      'stripe_account_id',
      'stripe_account_status',
      'stripe_account_is_demo',
    ])
    .where('id', '=', hostId)
    .where('is_guest', '=', false)
    .executeTakeFirst();
}

export type TipRecipientRow = NonNullable<Awaited<ReturnType<typeof findTipRecipient>>>;

export async function findUserName(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'display_name', 'is_guest'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A live (not deleted) event of this host. */
/** The host's live event, with whether this user joined it (only its guests tip for it). */
export async function findLiveHostEvent(
  db: DbOrTrx,
  eventId: number,
  hostId: number,
  userId: number,
) {
  return db
    .selectFrom('events')
    .select((eb) => ['events.id', 'events.name', joinedBy(eb, userId).as('joined')])
    .where('events.id', '=', eventId)
    .where('events.host_id', '=', hostId)
    .where('events.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Takes the next tip id before the row exists (the Checkout Session carries it). */
export async function reserveTipId(db: DbOrTrx): Promise<number> {
  const row = await sql<{
    id: string;
  }>`select nextval(pg_get_serial_sequence('tips', 'id'))::text as id`.execute(db);
  const id = Number(row.rows[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error('no tip id reserved');
  return id;
}

export interface NewTip {
  id?: number;
  checkoutSessionId: string;
  hostId: number;
  eventId: number | null;
  attendeeId: number;
  attendeeName: string;
  attendeeType: number;
  amountCents: number;
  platformFeeCents: number;
  isDemo: boolean;
  returnPath: string;
  /** Known up front only for a saved-card tip (Checkout's arrives with its payment). */
  paymentIntentId?: string;
}

export async function insertTip(trx: DbOrTrx, tip: NewTip): Promise<number> {
  const row = await trx
    .insertInto('tips')
    .values({
      ...(tip.id === undefined ? {} : { id: tip.id }),
      checkout_session_id: tip.checkoutSessionId,
      payment_intent_id: tip.paymentIntentId ?? null,
      host_id: tip.hostId,
      event_id: tip.eventId,
      attendee_id: tip.attendeeId,
      attendee_name: tip.attendeeName,
      attendee_type: tip.attendeeType,
      amount_cents: tip.amountCents,
      platform_fee_cents: tip.platformFeeCents,
      status: 'pending',
      is_demo: tip.isDemo,
      return_path: tip.returnPath,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const tipColumns = [
  'tips.id',
  'tips.checkout_session_id',
  'tips.payment_intent_id',
  'tips.host_id',
  'tips.event_id',
  'tips.attendee_name',
  'tips.amount_cents',
  'tips.status',
  'tips.is_demo',
  'tips.return_path',
] as const;

/** The tip of a checkout session, locked for the rest of the transaction. */
export async function lockTipByCheckoutSession(trx: DbOrTrx, checkoutSessionId: string) {
  return trx
    .selectFrom('tips')
    .select(tipColumns)
    .where('checkout_session_id', '=', checkoutSessionId)
    .forUpdate()
    .executeTakeFirst();
}

export type TipRow = NonNullable<Awaited<ReturnType<typeof lockTipByCheckoutSession>>>;

/** The tip a charge paid for: by its payment intent, or by the tip id the metadata names. */
export async function lockTipOfCharge(
  trx: DbOrTrx,
  paymentIntentId: string | null,
  tipId: number | null,
) {
  if (paymentIntentId) {
    const byIntent = await trx
      .selectFrom('tips')
      .select(tipColumns)
      .where('payment_intent_id', '=', paymentIntentId)
      .forUpdate()
      .executeTakeFirst();
    if (byIntent) return byIntent;
  }
  if (tipId === null) return undefined;
  return trx
    .selectFrom('tips')
    .select(tipColumns)
    .where('id', '=', tipId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Moves a tip from one status to the next; false when it is no longer in
 * `from` (the caller holds its row lock, so this is belt and braces).
 */
export async function moveTip(
  trx: DbOrTrx,
  tipId: number,
  from: TipStatus,
  to: TipStatus,
  paymentIntentId?: string | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('tips')
    .set({
      status: to,
      updated_at: sql`now()`,
      ...(to === 'paid' ? { paid_at: sql`now()` } : {}),
      ...(paymentIntentId ? { payment_intent_id: paymentIntentId } : {}),
    })
    .where('id', '=', tipId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a Stripe event id; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(
  trx: DbOrTrx,
  eventId: string,
  type: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('processed_webhook_events')
    .values({ id: eventId, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A demo tip with what its checkout page shows. */
export async function findDemoCheckout(db: DbOrTrx, checkoutSessionId: string) {
  return db
    .selectFrom('tips')
    .leftJoin('users as hosts', 'hosts.id', 'tips.host_id')
    .leftJoin('events', 'events.id', 'tips.event_id')
    .select([
      ...tipColumns,
      'hosts.name as host_name',
      'hosts.display_name as host_display_name',
      'events.name as event_name',
    ])
    .where('tips.checkout_session_id', '=', checkoutSessionId)
    .where('tips.is_demo', '=', true)
    .executeTakeFirst();
}

/** Paid tips of a host (refunded and unfinished ones do not count). */
export async function paidTipTotals(db: DbOrTrx, hostId: number, eventId?: number) {
  let query = db
    .selectFrom('tips')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('total'),
      eb.fn.max('currency').as('currency'),
    ])
    .where('host_id', '=', hostId)
    .where('status', '=', 'paid');
  if (eventId !== undefined) query = query.where('event_id', '=', eventId);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), totalCents: Number(row.total), currency: row.currency };
}

/** The caller's own tip paid with a saved card (Stripe mode). */
export async function findOwnSavedCardTip(db: DbOrTrx, tipId: number, attendeeId: number) {
  return db
    .selectFrom('tips')
    .select(['id', 'payment_intent_id'])
    .where('id', '=', tipId)
    .where('attendee_id', '=', attendeeId)
    .where('is_demo', '=', false)
    .where('payment_intent_id', 'is not', null)
    .whereRef('payment_intent_id', '=', 'checkout_session_id')
    .executeTakeFirst();
}
