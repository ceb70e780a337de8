import { BOOST_MSG, type Boost } from '@floorfill/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as CardCheck from '@/lib/card-check';
import { renderWithProviders, stubApi } from '@/testing/render';
import { boost } from '../testing/boost-fixture';
import { BOOST_PROMISE, BoostDialog } from './boost-dialog';

const confirmCardCheck = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('@/lib/card-check', async (importOriginal) => ({
  ...(await importOriginal<typeof CardCheck>()),
  confirmCardCheck,
}));

const CHECKOUT_URL = 'http://localhost/demo/checkout/boost_1';

function renderDialog({ canUseSavedCard = false } = {}) {
  const navigate = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <BoostDialog
      opened
      onClose={onClose}
      eventId={7}
      songId="cat-42"
      songName="Roxanne"
      minCents={200}
      currency="usd"
      canUseSavedCard={canUseSavedCard}
      navigate={navigate}
    />,
    '/attendee/event/7',
  );
  return { navigate, onClose, user: userEvent.setup({ delay: null }) };
}

const created = (answer: {
  boost?: Boost;
  checkout_url?: string | null;
  client_secret?: string | null;
}) => ({
  status: 201,
  body: {
    status: true,
    msg: BOOST_MSG.created,
    data: {
      boost: answer.boost ?? boost({ song_id: 'cat-42', state: 'pending' }),
      checkout_url: answer.checkout_url ?? null,
      client_secret: answer.client_secret ?? null,
    },
  },
});

const savedCardWallet = {
  body: {
    status: true,
    msg: '',
    data: {
      payments_mode: 'stripe',
      stripe_account_status: null,
      is_demo: false,
      stripe_public_key: null,
      has_secret_key: false,
      card: {
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: 2030,
        saved_at_stripe: true,
      },
      card_setup_key: 'pk_test_platform',
    },
  },
};

describe('the boost dialog', () => {
  it('starts on the smallest boost, offers twice and five times it, and says nothing is taken unless it plays', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Boost your request' });

    for (const name of ['$2.00', '$4.00', '$10.00', 'Other']) {
      expect(within(dialog).getByRole('radio', { name })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('radio', { name: '$2.00' })).toBeChecked();
    expect(dialog).toHaveTextContent(BOOST_PROMISE);
    expect(dialog).toHaveTextContent('Hold: $2.00');

    await user.click(within(dialog).getByRole('radio', { name: '$10.00' }));
    expect(dialog).toHaveTextContent('Hold: $10.00');
  });

  it('refuses another amount below the minimum and keeps payment off', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Boost your request' });

    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your amount' }), '1.50');

    expect(within(dialog).getByText(BOOST_MSG.belowMinimum('$2.00'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  });

  it('creates the boost in cents and sends the browser to the checkout page', async () => {
    const calls = stubApi({ '/api/v1/boosts': created({ checkout_url: CHECKOUT_URL }) });
    const { user, navigate } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Boost your request' });

    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your amount' }), '7.50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(calls.filter((call) => call.path === '/api/v1/boosts')).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { event_id: 7, song_id: 'cat-42', amount: 750, pay_with: 'checkout' },
      }),
    ]);
  });

  it('shows why the server refused, and stays open', async () => {
    stubApi({
      '/api/v1/boosts': { status: 409, body: { status: false, msg: BOOST_MSG.alreadyBoosted } },
    });
    const { user, navigate, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Boost your request' });

    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BOOST_MSG.alreadyBoosted);
    expect(navigate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('pays with the saved card in one tap, running the bank’s check when asked', async () => {
    const calls = stubApi({
      '/api/v1/get-wallet': savedCardWallet,
      '/api/v1/boosts': created({
        boost: boost({ song_id: 'cat-42', state: 'pending' }),
        client_secret: 'pi_1_secret_2',
      }),
    });
    const { user, navigate, onClose } = renderDialog({ canUseSavedCard: true });
    const dialog = await screen.findByRole('dialog', { name: 'Boost your request' });

    await user.click(
      await within(dialog).findByRole('button', { name: 'Pay with saved card •••• 4242' }),
    );

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(confirmCardCheck).toHaveBeenCalledWith('pk_test_platform', 'pi_1_secret_2');
    expect(calls.find((call) => call.path === '/api/v1/boosts')?.body).toEqual({
      event_id: 7,
      song_id: 'cat-42',
      amount: 200,
      pay_with: 'saved_card',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(await screen.findByText(BOOST_MSG.created)).toBeInTheDocument();
  });
});
