/** Boosts on the guest's event page (issue 30): boost a waiting request, see each boost's state. */
import {
  BOOST_MSG,
  DEFAULT_REQUEST_SETTINGS,
  EVENT_PAGE_WORDS,
  type Boost,
} from '@floorfill/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boost } from '@/features/boosts/testing/boost-fixture';
import { attendeeEventDetails, songRequest } from '@/features/realtime/testing/fixtures';
import { openedSocket } from '@/features/realtime/testing/socket-io-mock';
import { leavePage } from '@/lib/leave-page';
import { connectSocket, resetSocketForTests } from '@/lib/socket';
import { renderRoutes, stubApi } from '@/testing/render';
import { AttendeeEventDetails } from './attendee-event-details';

vi.mock('socket.io-client', () => import('@/features/realtime/testing/socket-io-mock'));
vi.mock('@/lib/leave-page', () => ({ leavePage: vi.fn() }));

const CHECKOUT_URL = 'http://localhost/demo/checkout/boost_31';
const BOOSTS_ON = { ...DEFAULT_REQUEST_SETTINGS, boosts_enabled: true, boost_min_cents: 300 };

afterEach(() => {
  resetSocketForTests();
});

function renderPage(search = '') {
  return renderRoutes(
    [
      {
        path: '/attendee/event/:eventId',
        element: <AttendeeEventDetails eventId={7} userId={5} isGuest />,
      },
    ],
    `/attendee/event/7${search}`,
  );
}

/** Ana waits for Bohemian Rhapsody; Roxanne, her other song, has played. */
function stubPage({ boosts = [] as Boost[], settings = BOOSTS_ON } = {}) {
  return stubApi({
    '/api/v1/get-attendee-event-details': {
      body: {
        status: true,
        msg: '',
        data: attendeeEventDetails({
          request_settings: settings,
          song_requests: [
            songRequest(),
            songRequest({
              id: 12,
              song_id: 'cat-2',
              song_name: 'Roxanne',
              status: 1,
              played_at: '2026-11-21T21:41:00.000Z',
            }),
          ],
        }),
      },
    },
    '/api/v1/boosts/mine': { body: { status: true, msg: '', data: { boosts } } },
    '/api/v1/boosts': {
      status: 201,
      body: {
        status: true,
        msg: BOOST_MSG.created,
        data: {
          boost: boost({ state: 'pending', amount_cents: 1500 }),
          checkout_url: CHECKOUT_URL,
          client_secret: null,
        },
      },
    },
  });
}

async function ownRequests() {
  return screen.findByRole('list', { name: 'Your requests' });
}

describe('boosts on the guest’s event page', () => {
  it('boosts a waiting request: Boost, an amount, then off to the checkout page', async () => {
    const calls = stubPage();
    const user = userEvent.setup({ delay: null });
    renderPage();
    const list = await ownRequests();

    // Only the song still waiting can be boosted.
    expect(within(list).queryByRole('button', { name: 'Boost “Roxanne”' })).not.toBeInTheDocument();
    await user.click(
      await within(list).findByRole('button', { name: 'Boost “Bohemian Rhapsody”' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Boost your request' });
    await user.click(within(dialog).getByRole('radio', { name: '$15.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(calls.find((call) => call.path === '/api/v1/boosts')?.body).toEqual({
      event_id: 7,
      song_id: 'cat-queen--bohemian-rhapsody',
      amount: 1500,
      pay_with: 'checkout',
    });
    // While it is being paid, the request shows it and offers no second boost.
    expect(await within(list).findByText('Boost of $15.00: finishing payment…')).toBeVisible();
    expect(
      within(list).queryByRole('button', { name: 'Boost “Bohemian Rhapsody”' }),
    ).not.toBeInTheDocument();
  });

  it('shows each boost’s state under its request, live as it changes', async () => {
    stubPage({ boosts: [boost({ state: 'held' })] });
    renderPage();
    const list = await ownRequests();

    expect(
      await within(list).findByText('Boost of $5.00 held: charged only if it plays.'),
    ).toBeInTheDocument();
    expect(
      within(list).queryByRole('button', { name: 'Boost “Bohemian Rhapsody”' }),
    ).not.toBeInTheDocument();

    act(() =>
      openedSocket().push('boost:updated', {
        boost: boost({ state: 'released', reason: 'rejected', settled_at: '2026-11-21T22:00:00Z' }),
      }),
    );

    expect(
      await within(list).findByText(
        'Not played, nothing charged: your boost of $5.00 was released (the DJ passed on it).',
      ),
    ).toBeInTheDocument();
    // Released, the song may be boosted again.
    expect(
      within(list).getByRole('button', { name: 'Boost “Bohemian Rhapsody”' }),
    ).toBeInTheDocument();
  });

  it('reads the boosts again after a reconnect, when pushes may have been missed', async () => {
    const calls = stubPage({ boosts: [boost({ state: 'held' })] });
    const fetchesOfMine = () => calls.filter((call) => call.path === '/api/v1/boosts/mine').length;
    connectSocket();
    const socket = openedSocket();
    socket.answer = (event) =>
      event === 'event:subscribe' ? { ok: true, data: { seq: 1 } } : undefined;
    renderPage();
    await within(await ownRequests()).findByText('Boost of $5.00 held: charged only if it plays.');
    act(() => socket.serverConnect());
    // Live on the first connection: the list just read is kept.
    expect(await screen.findByText(EVENT_PAGE_WORDS.liveOn)).toBeInTheDocument();
    expect(fetchesOfMine()).toBe(1);

    act(() => socket.serverDisconnect());
    act(() => socket.serverConnect());

    await waitFor(() => expect(fetchesOfMine()).toBe(2));
  });

  it('asks nothing about boosts while the host takes none', async () => {
    const calls = stubPage({ settings: DEFAULT_REQUEST_SETTINGS });
    renderPage();
    const list = await ownRequests();

    expect(within(list).queryByRole('button', { name: /^Boost/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/v1/boosts/mine')).toBe(false);
  });

  it.each([
    ['held', BOOST_MSG.held],
    ['cancelled', 'Boost cancelled: nothing was charged.'],
  ])('greets the guest back from checkout with ?boost=%s, then drops it', async (outcome, text) => {
    stubPage();
    const { router } = renderPage(`?boost=${outcome}`);

    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
