import { STRIPE_ACCOUNT_ACTIVE, STRIPE_ACCOUNT_PENDING, type Wallet } from '@floorfill/shared';

export const ACCOUNT_STATUS_TEXT = {
  active: 'Connected. Attendees can send you tips.',
  pending: 'Stripe is still reviewing your account.',
  none: 'Not connected. Connect Stripe to receive tips from attendees.',
} as const;

export function isAccountActive(status: string | null): boolean {
  return status === STRIPE_ACCOUNT_ACTIVE;
}

export function accountStatusText(wallet: Pick<Wallet, 'stripe_account_status'>): string {
  if (isAccountActive(wallet.stripe_account_status)) return ACCOUNT_STATUS_TEXT.active;
  if (wallet.stripe_account_status === STRIPE_ACCOUNT_PENDING) return ACCOUNT_STATUS_TEXT.pending;
  return ACCOUNT_STATUS_TEXT.none;
}
