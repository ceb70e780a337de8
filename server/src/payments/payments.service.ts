import type { HostTipTotals } from '@floorfill/shared';
import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { createConnectOnboarding } from './connect-onboarding.ts';
import * as repo from './payments.repository.ts';
import { createTipPayments, TIP_CURRENCY } from './tip-payments.ts';

/**
 * Connected accounts and tips. In Stripe mode hosts onboard as Express
 * accounts (connect-onboarding.ts) and tips are destination charges
 * (tip-payments.ts); in demo mode the same calls succeed locally and no
 * money moves.
 */

export interface PaymentsServiceDeps {
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'payments'>;
  /** The platform's Stripe client; undefined in demo mode. */
  stripe: Stripe | undefined;
}

/** The host dashboard's tip card: how many tips were paid and their sum (refunded ones excluded). */
export async function hostTipTotals(db: DbOrTrx, hostId: number): Promise<HostTipTotals> {
  const totals = await repo.paidTipTotals(db, hostId);
  return { count: totals.count, total_cents: totals.totalCents };
}

/** The tips paid to the host at one event (the night summary), in their currency (usd when none). */
export async function eventTipTotals(db: DbOrTrx, hostId: number, eventId: number) {
  const totals = await repo.paidTipTotals(db, hostId, eventId);
  return {
    count: totals.count,
    total_cents: totals.totalCents,
    currency: totals.currency ?? TIP_CURRENCY,
  };
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  return {
    mode: deps.config.payments.mode,
    ...createConnectOnboarding(deps),
    ...createTipPayments(deps),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
