import { WALLET_MSG } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { AttendeeWalletCard, CARD_PCI_NOTE } from './attendee-wallet-card';
import { ok, wallet } from './wallet-fixtures';

const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);
const summary = {
  card_brand: 'visa',
  card_last4: '4242',
  card_exp_month: 12,
  card_exp_year: 2028,
  saved_at_stripe: false,
};

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry month/), '12');
  await user.type(screen.getByLabelText(/Expiry year/), NEXT_YEAR);
}

describe('attendee wallet', () => {
  it('says the number never leaves the device, and asks for no CVC', async () => {
    stubApi({ '/api/v1/get-wallet': ok(wallet()) });
    renderWithProviders(<AttendeeWalletCard />);

    expect(await screen.findByText(CARD_PCI_NOTE)).toBeInTheDocument();
    expect(screen.queryByLabelText(/CVC/)).not.toBeInTheDocument();
  });

  it('refuses a number that fails the Luhn check before sending it', async () => {
    const calls = stubApi({ '/api/v1/get-wallet': ok(wallet()) });
    renderWithProviders(<AttendeeWalletCard />);
    const user = userEvent.setup({ delay: null });

    await fillCard(user, '4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText(WALLET_MSG.cardNumberInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends only brand, last 4 digits and expiry, then shows them', async () => {
    const calls = stubApi({
      '/api/v1/get-wallet': ok(wallet()),
      '/api/v1/update-attendee-profile-wallet': ok(summary, WALLET_MSG.cardSaved),
    });
    renderWithProviders(<AttendeeWalletCard />);
    const user = userEvent.setup({ delay: null });

    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText('Visa •••• 4242, expires 12/28')).toBeInTheDocument();
    expect(screen.getByText(WALLET_MSG.cardSaved)).toBeInTheDocument();
    const sent = calls.find((call) => call.path === '/api/v1/update-attendee-profile-wallet');
    expect(sent?.body).toEqual({
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: 12,
      card_exp_year: Number(NEXT_YEAR),
    });
    // Nothing sent anywhere holds the number, in any spacing.
    for (const call of calls)
      expect(JSON.stringify(call.body ?? '')).not.toMatch(/4242\s?4242\s?4242/);
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('4242 4242 4242 4242');
  });

  it('shows a saved card and lets the attendee replace it', async () => {
    stubApi({ '/api/v1/get-wallet': ok(wallet({ card: summary })) });
    renderWithProviders(<AttendeeWalletCard />);
    const user = userEvent.setup({ delay: null });

    expect(await screen.findByText('Visa •••• 4242, expires 12/28')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replace card' }));

    expect(screen.getByLabelText(/Card number/)).toHaveValue('');
  });
});
