import { PAYMENT_MSG, WALLET_MSG } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { ACCOUNT_STATUS_TEXT } from '../utils/account-status';
import { SECRET_SAVED_HINT } from './host-keys-form';
import { HostWalletTab } from './host-wallet-tab';
import { StripeConnectPanel } from './stripe-connect-panel';
import { ok, wallet } from './wallet-fixtures';

const PUBLIC_KEY = 'pk_test_51AbCdEfGh';
const SECRET_KEY = 'sk_test_51ZyXwVuTs';

describe('Wallet tab', () => {
  it('offers CONNECT STRIPE until the account is active, and sends the host to the answered url', async () => {
    const calls = stubApi({
      '/api/v1/connect-stripe-account': ok(
        { status: true, url: 'http://localhost/host/stripe/connect/success' },
        PAYMENT_MSG.connectDemo,
      ),
    });
    const navigate = vi.fn();
    renderWithProviders(<StripeConnectPanel wallet={wallet()} navigate={navigate} />);
    const user = userEvent.setup({ delay: null });

    expect(screen.getByText(ACCOUNT_STATUS_TEXT.none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CONNECT STRIPE' }));

    await vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('http://localhost/host/stripe/connect/success'),
    );
    expect(calls[0]?.path).toBe('/api/v1/connect-stripe-account');
  });

  it("toasts connect's failure message", async () => {
    stubApi({
      '/api/v1/connect-stripe-account': {
        status: 503,
        body: {
          status: false,
          msg: PAYMENT_MSG.stripeUnavailable,
          message: PAYMENT_MSG.stripeUnavailable,
        },
      },
    });
    const navigate = vi.fn();
    renderWithProviders(<StripeConnectPanel wallet={wallet()} navigate={navigate} />);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'CONNECT STRIPE' }));

    expect(await screen.findByText(PAYMENT_MSG.stripeUnavailable)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows a disabled CONNECTED and the demo badge once active', async () => {
    stubApi({
      '/api/v1/get-wallet': ok(wallet({ stripe_account_status: 'Active', is_demo: true })),
    });
    renderWithProviders(<HostWalletTab />);

    expect(await screen.findByRole('button', { name: 'CONNECTED' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'CONNECT STRIPE' })).not.toBeInTheDocument();
    expect(screen.getByText('Demo account')).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_STATUS_TEXT.active)).toBeInTheDocument();
  });

  it('never shows the secret key: the field starts empty and only says one is saved', async () => {
    stubApi({
      '/api/v1/get-wallet': ok(wallet({ stripe_public_key: PUBLIC_KEY, has_secret_key: true })),
    });
    renderWithProviders(<HostWalletTab />);

    expect(await screen.findByLabelText(/Public key/)).toHaveValue(PUBLIC_KEY);
    const secret = screen.getByLabelText('Secret key');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(screen.getByText(SECRET_SAVED_HINT)).toBeInTheDocument();
  });

  it('checks the keys with the shared rules before sending', async () => {
    const calls = stubApi({ '/api/v1/get-wallet': ok(wallet()) });
    renderWithProviders(<HostWalletTab />);
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByLabelText(/Public key/), 'pk_live_12345678');
    await user.type(screen.getByLabelText('Secret key'), 'sk_test_12345678');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(WALLET_MSG.keyModesDiffer)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('saves the keys, clears the secret field and then says a secret is saved', async () => {
    const calls = stubApi({
      '/api/v1/get-wallet': ok(wallet()),
      '/api/v1/update-host-profile-wallet': ok(
        { stripe_public_key: PUBLIC_KEY, has_secret_key: true },
        WALLET_MSG.hostSaved,
      ),
    });
    renderWithProviders(<HostWalletTab />);
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByLabelText(/Public key/), PUBLIC_KEY);
    await user.type(screen.getByLabelText('Secret key'), SECRET_KEY);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(WALLET_MSG.hostSaved)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({
      stripe_public_key: PUBLIC_KEY,
      stripe_secret_key: SECRET_KEY,
    });
    expect(screen.getByLabelText('Secret key')).toHaveValue('');
    expect(screen.getByText(SECRET_SAVED_HINT)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET_KEY);
  });
});
