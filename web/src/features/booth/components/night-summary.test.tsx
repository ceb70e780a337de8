import {
  BOOST_MSG,
  EMPTY_BOOST_TOTALS,
  type BoostTotals,
  type HostBoost,
  type NightSummary as NightSummaryData,
} from '@floorfill/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hostBoost } from '@/features/boosts/testing/boost-fixture';
import { renderWithProviders, stubApi } from '@/testing/render';
import { NightSummary } from './night-summary';

const TOTALS: BoostTotals = {
  charged_count: 2,
  charged_cents: 1200,
  released_count: 1,
  released_cents: 300,
  refunded_count: 0,
  refunded_cents: 0,
  currency: 'usd',
};

function summary(boosts: BoostTotals): NightSummaryData {
  return {
    songs_played: 12,
    played_not_requested: 0,
    requests_received: 30,
    unique_requesters: 9,
    per_10_minutes: [],
    peak: null,
    top_requested: [],
    tips: { count: 0, total_cents: 0, currency: 'usd' },
    boosts,
  };
}

const charged = hostBoost({
  id: 41,
  song_name: 'Roxanne',
  attendee_name: 'Ben',
  state: 'charged',
  amount_cents: 500,
  refundable: true,
});
const released = hostBoost({
  id: 40,
  song_name: 'Agadoo',
  attendee_name: 'Ana',
  state: 'released',
  reason: 'rejected',
  amount_cents: 300,
});

/** The server's night: a refund changes the boost and the summary's totals. */
function stubNight(boosts: HostBoost[], totals = TOTALS) {
  let night = { boosts, totals };
  return stubApi({
    '/api/v1/get-night-summary': () => ({
      body: { status: true, msg: '', data: summary(night.totals) },
    }),
    '/api/v1/boosts/event': () => ({ body: { status: true, msg: '', data: night } }),
    '/api/v1/boosts/refund': (body) => {
      const id = (body as { boost_id: number }).boost_id;
      const refunded = { ...charged, id, state: 'refunded' as const, refundable: false };
      night = {
        boosts: night.boosts.map((kept) => (kept.id === id ? refunded : kept)),
        totals: {
          ...totals,
          charged_count: 1,
          charged_cents: 700,
          refunded_count: 1,
          refunded_cents: 500,
        },
      };
      return { body: { status: true, msg: BOOST_MSG.refunded, data: { boost: refunded } } };
    },
  });
}

function renderSummary() {
  renderWithProviders(<NightSummary eventId={7} timeZone="UTC" />);
  return userEvent.setup({ delay: null });
}

describe('the night summary’s boosts', () => {
  it('shows what was charged, released and refunded, and each boost with who gave it', async () => {
    stubNight([charged, released]);
    renderSummary();

    const table = await screen.findByRole('table', { name: 'Boosts of the night' });
    expect(screen.getByRole('group', { name: 'Boosts charged' })).toHaveTextContent(
      /\$12\.00.*2 boosts/,
    );
    expect(screen.getByRole('group', { name: 'Boosts released' })).toHaveTextContent(
      /\$3\.00.*1 boost$/,
    );
    expect(screen.getByRole('group', { name: 'Boosts refunded' })).toHaveTextContent(
      /\$0\.00.*0 boosts/,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Roxanne.*Ben.*\$5\.00.*Charged.*Refund/),
      expect.stringMatching(/Agadoo.*Ana.*\$3\.00.*Released/),
    ]);
    // Only a charged boost still in its window can be given back.
    expect(within(rows[1] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('refunds a charged boost after asking, then updates its row and the totals', async () => {
    const calls = stubNight([charged, released]);
    const user = renderSummary();

    await user.click(await screen.findByRole('button', { name: 'Refund $5.00 to Ben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this boost?' });
    expect(dialog).toHaveTextContent('Refund $5.00 to Ben? This gives the money back.');
    expect(calls.some((call) => call.path === '/api/v1/boosts/refund')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText(BOOST_MSG.refunded)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/boosts/refund')?.body).toEqual({
      boost_id: 41,
    });
    const table = screen.getByRole('table', { name: 'Boosts of the night' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Roxanne.*Refunded/);
    expect(screen.queryByRole('button', { name: 'Refund $5.00 to Ben' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Boosts refunded' })).toHaveTextContent(
        /\$5\.00.*1 boost$/,
      ),
    );
    expect(screen.getByRole('group', { name: 'Boosts charged' })).toHaveTextContent(
      /\$7\.00.*1 boost$/,
    );
  });

  it('says so when nobody boosted', async () => {
    stubNight([], EMPTY_BOOST_TOTALS);
    renderSummary();

    expect(await screen.findByText('No boosts tonight.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Boosts of the night' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Boosts charged' })).not.toBeInTheDocument();
  });
});
