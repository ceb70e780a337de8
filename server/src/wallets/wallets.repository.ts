import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';

/** All Kysely code of the wallet columns on users. */

export async function findWallet(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'stripe_public_key',
      'stripe_secret_key_encrypted',
      'stripe_account_status',
      'stripe_account_is_demo',
      'card_brand',
      'card_last4',
      'card_exp_month',
      'card_exp_year',
      'stripe_payment_method_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type WalletRow = NonNullable<Awaited<ReturnType<typeof findWallet>>>;

/** Saves the keys; an undefined secret keeps the stored one. Answers the row after the change. */
export async function updateHostKeys(
  trx: DbOrTrx,
  userId: number,
  publicKey: string,
  encryptedSecret: string | undefined,
) {
  return trx
    .updateTable('users')
    .set({
      stripe_public_key: publicKey,
      ...(encryptedSecret === undefined ? {} : { stripe_secret_key_encrypted: encryptedSecret }),
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .returning(['stripe_public_key', 'stripe_secret_key_encrypted'])
    .executeTakeFirst();
}

export interface CardSummaryValues {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The PaymentMethod saved at Stripe; null for a summary typed in the browser (demo). */
  paymentMethodId: string | null;
}

/**
 * Stores the card summary in the caller's transaction. Answers undefined when
 * the user does not exist, else the PaymentMethod the change replaced at
 * Stripe (null when none, or the same one), which the caller detaches.
 */
export async function updateCardSummary(
  trx: DbOrTrx,
  userId: number,
  card: CardSummaryValues,
): Promise<{ replacedPaymentMethodId: string | null } | undefined> {
  const before = await trx
    .selectFrom('users')
    .select('stripe_payment_method_id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await trx
    .updateTable('users')
    .set({
      card_brand: card.brand,
      card_last4: card.last4,
      card_exp_month: card.expMonth,
      card_exp_year: card.expYear,
      stripe_payment_method_id: card.paymentMethodId,
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .execute();
  const previous = before.stripe_payment_method_id;
  return { replacedPaymentMethodId: previous !== card.paymentMethodId ? previous : null };
}

/** A member's Stripe Customer and the card saved on it, if any. */
export async function findStripeCustomer(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'stripe_customer_id', 'stripe_payment_method_id'])
    .where('id', '=', userId)
    .where('is_guest', '=', false)
    .executeTakeFirst();
}

/** Links the Customer unless one is linked already; answers the one that stays linked. */
export async function linkStripeCustomer(
  db: DbOrTrx,
  userId: number,
  customerId: string,
): Promise<string | undefined> {
  const linked = await db
    .updateTable('users')
    .set({ stripe_customer_id: customerId, updated_at: sql`now()` })
    .where('id', '=', userId)
    .where('stripe_customer_id', 'is', null)
    .returning('stripe_customer_id')
    .executeTakeFirst();
  if (linked?.stripe_customer_id) return linked.stripe_customer_id;
  const row = await db
    .selectFrom('users')
    .select('stripe_customer_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.stripe_customer_id ?? undefined;
}

export async function findUserOfCustomer(db: DbOrTrx, customerId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'stripe_payment_method_id'])
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
}
