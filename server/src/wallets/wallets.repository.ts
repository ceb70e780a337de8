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
}

export async function updateCardSummary(
  trx: DbOrTrx,
  userId: number,
  card: CardSummaryValues,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({
      card_brand: card.brand,
      card_last4: card.last4,
      card_exp_month: card.expMonth,
      card_exp_year: card.expYear,
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
