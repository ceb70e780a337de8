import {
  PAYMENT_MSG,
  STRIPE_ACCOUNT_ACTIVE,
  STRIPE_ACCOUNT_PENDING,
  STRIPE_CONNECT_SUCCESS_PATH,
} from '@floorfill/shared';
import { notFound } from '../http/errors.ts';
import type { Db, DbOrTrx } from '../infra/db.ts';
import { createConnectRefreshTokens } from './connect-refresh-token.ts';
import * as repo from './payments.repository.ts';
import type { PaymentAccountRow } from './payments.repository.ts';
import type { PaymentsServiceDeps } from './payments.service.ts';
import { callStripe, requireStripe } from './stripe-client.ts';

/**
 * A host's Stripe Connect account: in Stripe mode an Express account, made on
 * first connect and onboarded through Account Links (Active once Stripe
 * reports `charges_enabled`); in demo mode connected at once, no Stripe.
 */

export const CONNECT_REFRESH_PATH = '/api/stripe/connect/refresh';

export function createConnectOnboarding({ config, stripe }: PaymentsServiceDeps) {
  const refreshTokens = createConnectRefreshTokens(config.jwtSecret);
  const isDemo = config.payments.mode === 'demo';

  async function requireAccount(db: DbOrTrx, userId: number): Promise<PaymentAccountRow> {
    const account = await repo.findPaymentAccount(db, userId);
    if (!account) throw notFound(PAYMENT_MSG.hostNotFound);
    return account;
  }

  /** Stripe's own account (never a demo one) that this user has linked, creating it on first connect. */
  async function ensureStripeAccount(db: Db, account: PaymentAccountRow): Promise<string> {
    if (account.stripe_account_id && !account.stripe_account_is_demo) {
      return account.stripe_account_id;
    }
    if (account.stripe_account_id) {
      // A demo connection made while payments were in demo mode does not count at Stripe.
      await repo.setAccountStatus(db, account.id, STRIPE_ACCOUNT_PENDING, false);
      return account.stripe_account_id;
    }
    const created = await callStripe(() =>
      requireStripe(stripe).accounts.create(
        {
          type: 'express',
          ...(account.email ? { email: account.email } : {}),
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { user_id: String(account.id) },
        },
        // A double click or a retry after a lost answer gets the same account, not a second one.
        { idempotencyKey: `floorfill-connect-account-${account.id}` },
      ),
    );
    const linked = await db
      .transaction()
      .execute((trx) =>
        repo.linkStripeAccount(trx, account.id, created.id, STRIPE_ACCOUNT_PENDING),
      );
    return linked ?? created.id;
  }

  async function onboardingLink(userId: number, accountId: string): Promise<string> {
    const link = await callStripe(() =>
      requireStripe(stripe).accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: `${config.publicUrl}${STRIPE_CONNECT_SUCCESS_PATH}`,
        refresh_url: `${config.publicUrl}${CONNECT_REFRESH_PATH}?token=${refreshTokens.issue(userId)}`,
      }),
    );
    return link.url;
  }

  return {
    /**
     * connect-stripe-account: Stripe mode answers the onboarding link of the
     * user's Express account (created on first use); demo mode connects at
     * once and answers the success page.
     */
    async connect(db: Db, userId: number): Promise<string> {
      const account = await requireAccount(db, userId);
      if (isDemo) {
        await repo.setAccountStatus(db, userId, STRIPE_ACCOUNT_ACTIVE, true);
        return `${config.publicUrl}${STRIPE_CONNECT_SUCCESS_PATH}`;
      }
      const accountId = await ensureStripeAccount(db, account);
      return onboardingLink(userId, accountId);
    },

    /**
     * The refresh URL's work: a fresh onboarding link for the host the token
     * names, or null when the token is no good (or there is nothing to refresh).
     */
    async refreshOnboardingLink(db: Db, token: string): Promise<string | null> {
      if (isDemo) return null;
      const userId = refreshTokens.verify(token);
      if (userId === null) return null;
      const account = await repo.findPaymentAccount(db, userId);
      if (!account?.stripe_account_id || account.stripe_account_is_demo) return null;
      return onboardingLink(userId, account.stripe_account_id);
    },

    /**
     * active-stripe-account: Stripe's word on the account (Active only once it
     * can take charges). Safe to call on every dashboard start.
     */
    async refreshStatus(db: Db, userId: number): Promise<string | null> {
      const account = await requireAccount(db, userId);
      if (isDemo) return account.stripe_account_status;
      if (!account.stripe_account_id) {
        if (!account.stripe_account_is_demo) return account.stripe_account_status;
        // Connected in demo mode only: not connected at Stripe, so CONNECT shows again.
        await repo.setAccountStatus(db, userId, null, false);
        return null;
      }
      const accountId = account.stripe_account_id;
      const remote = await callStripe(() => requireStripe(stripe).accounts.retrieve(accountId));
      const status = remote.charges_enabled ? STRIPE_ACCOUNT_ACTIVE : STRIPE_ACCOUNT_PENDING;
      if (status !== account.stripe_account_status || account.stripe_account_is_demo) {
        await repo.setAccountStatus(db, userId, status, false);
      }
      return status;
    },
  };
}
