import {
  type AttendeeWalletBody,
  type CardSummary,
  type HostWalletAnswer,
  type HostWalletBody,
  type Wallet,
} from '@floorfill/shared';
import type { Config } from '../config.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { encryptSecret, hostStripeSecretContext } from './secret-box.ts';
import * as repo from './wallets.repository.ts';
import type { WalletRow } from './wallets.repository.ts';

/**
 * The wallet forms. A host's secret key is encrypted before it reaches the
 * database and never leaves it again; of a card only the brand, last 4 digits
 * and expiry are kept: the full number and the CVC are dropped here.
 */

function cardOf(row: WalletRow): CardSummary | null {
  if (!row.card_brand || !row.card_last4 || !row.card_exp_month || !row.card_exp_year) return null;
  return {
    card_brand: row.card_brand,
    card_last4: row.card_last4,
    card_exp_month: row.card_exp_month,
    card_exp_year: row.card_exp_year,
    saved_at_stripe: row.stripe_payment_method_id !== null,
  };
}

export function createWalletsService(config: Pick<Config, 'encryptionKey' | 'payments'>) {
  return {
    /** Null when the user does not exist. */
    async wallet(db: DbOrTrx, userId: number): Promise<Wallet | null> {
      const row = await repo.findWallet(db, userId);
      if (!row) return null;
      return {
        payments_mode: config.payments.mode,
        stripe_account_status: row.stripe_account_status,
        is_demo: row.stripe_account_is_demo,
        stripe_public_key: row.stripe_public_key,
        has_secret_key: row.stripe_secret_key_encrypted !== null,
        card: cardOf(row),
        card_setup_key: config.payments.stripe?.publishableKey ?? null,
      };
    },

    /** Null when the user does not exist. */
    async saveHostKeys(
      trx: DbOrTrx,
      userId: number,
      body: HostWalletBody,
    ): Promise<HostWalletAnswer | null> {
      const encrypted =
        body.stripe_secret_key === undefined
          ? undefined
          : encryptSecret(
              config.encryptionKey,
              body.stripe_secret_key,
              hostStripeSecretContext(userId),
            );
      const row = await repo.updateHostKeys(trx, userId, body.stripe_public_key, encrypted);
      if (!row) return null;
      return {
        stripe_public_key: row.stripe_public_key,
        has_secret_key: row.stripe_secret_key_encrypted !== null,
      };
    },

    /**
     * Null when the user does not exist; else the summary and the card it
     * replaced at Stripe, which the caller has detached once this committed.
     */
    async saveCard(
      trx: DbOrTrx,
      userId: number,
      body: AttendeeWalletBody,
    ): Promise<{ card: CardSummary; replacedPaymentMethodId: string | null } | null> {
      const card: CardSummary = {
        card_brand: body.card_brand,
        card_last4: body.card_last4,
        card_exp_month: body.card_exp_month,
        card_exp_year: body.card_exp_year,
        saved_at_stripe: false,
      };
      // A summary typed in the browser replaces any card saved at Stripe: it cannot pay.
      const saved = await repo.updateCardSummary(trx, userId, {
        brand: card.card_brand,
        last4: card.card_last4,
        expMonth: card.card_exp_month,
        expYear: card.card_exp_year,
        paymentMethodId: null,
      });
      return saved ? { card, ...saved } : null;
    },
  };
}
