import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { CONNECT_DONE, CONNECT_REVIEWING, StripeConnectResult } from './stripe-connect-result';
import { ok, wallet } from './wallet-fixtures';

function renderResult() {
  renderWithProviders(
    <StripeConnectResult
      dashboardHref="/host/dashboard"
      walletHref="/host/profile/edit?tab=wallet"
    />,
  );
  return userEvent.setup({ delay: null });
}

describe('Stripe connect landing', () => {
  it('activates on load and links an active account to the dashboard', async () => {
    const calls = stubApi({
      '/api/v1/active-stripe-account': ok({ stripe_account_status: 'Active' }),
      '/api/v1/get-wallet': ok(wallet({ stripe_account_status: 'Active', is_demo: true })),
    });
    renderResult();

    expect(screen.getByText('Checking your Stripe account…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: CONNECT_DONE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/host/dashboard',
    );
    expect(await screen.findByText('Demo account')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/active-stripe-account')).toHaveLength(1);
  });

  it('says Stripe is still reviewing and checks again on request', async () => {
    let status = 'Pending';
    const calls = stubApi({
      '/api/v1/active-stripe-account': () => ok({ stripe_account_status: status }),
      '/api/v1/get-wallet': ok(wallet()),
    });
    const user = renderResult();

    expect(await screen.findByRole('heading', { name: CONNECT_REVIEWING })).toBeInTheDocument();
    status = 'Active';
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    expect(await screen.findByRole('heading', { name: CONNECT_DONE })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/active-stripe-account')).toHaveLength(2);
  });
});
