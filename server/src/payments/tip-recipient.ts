import { STRIPE_ACCOUNT_ACTIVE } from '@floorfill/shared';
import type { PaymentsConfig } from '../config.ts';

/** What a host's row says about their payouts. */
export interface PayoutAccount {
  stripe_account_id: string | null;
  stripe_account_status: string | null;
  stripe_account_is_demo: boolean;
}

/**
 * Can this host take a tip now, in this mode? Their Stripe account must be
 * active; with real Stripe it must also be a real Connect account (an account
 * activated in demo mode cannot take real money). The tip routes refuse the
 * others, and attendee screens don't offer "Tip" for them.
 */
export function acceptsTips(host: PayoutAccount, mode: PaymentsConfig['mode']): boolean {
  if (host.stripe_account_status !== STRIPE_ACCOUNT_ACTIVE) return false;
  if (mode === 'demo') return true;
  return Boolean(host.stripe_account_id) && !host.stripe_account_is_demo;
}
