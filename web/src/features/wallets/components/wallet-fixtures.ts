import type { Wallet } from '@floorfill/shared';

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    payments_mode: 'demo',
    stripe_account_status: null,
    is_demo: false,
    stripe_public_key: null,
    has_secret_key: false,
    card: null,
    card_setup_key: null,
    ...overrides,
  };
}

export const ok = (data: unknown, msg = '') => ({ body: { status: true, msg, data } });
