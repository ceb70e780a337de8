import { BOOST_STATES, type Boost } from '@floorfill/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { boost } from '../testing/boost-fixture';
import { RequestBoosts, type BoostOffer } from './request-boosts';

const OFFER: BoostOffer = { eventId: 7, minCents: 200, currency: 'usd', canUseSavedCard: false };

function renderBoosts(
  boosts: Boost[],
  { waiting = true, offer = OFFER }: { waiting?: boolean; offer?: BoostOffer | null } = {},
) {
  return renderWithProviders(
    <RequestBoosts
      songId="cat-queen--bohemian-rhapsody"
      songName="Bohemian Rhapsody"
      boosts={boosts}
      waiting={waiting}
      offer={offer}
    />,
  );
}

const boostButton = () => screen.queryByRole('button', { name: 'Boost “Bohemian Rhapsody”' });

describe('a guest’s boosts under their request', () => {
  it.each([
    ['pending', null, 'Boost of $5.00: finishing payment…'],
    ['held', null, 'Boost of $5.00 held: charged only if it plays.'],
    ['charged', null, 'Your boost of $5.00 was charged: it is playing.'],
    [
      'released',
      'rejected',
      'Not played, nothing charged: your boost of $5.00 was released (the DJ passed on it).',
    ],
    ['failed', 'payment_failed', 'Your boost of $5.00 did not go through: nothing was charged.'],
    ['failed', 'capture_failed', 'Your boost of $5.00 could not be charged: nothing was taken.'],
    ['refunded', null, 'Your boost of $5.00 was refunded.'],
  ] as const)('says where a %s boost (%s) stands: “%s”', (state, reason, text) => {
    renderBoosts([boost({ state, reason })], { waiting: false });

    const list = screen.getByRole('list', { name: 'Boosts of Bohemian Rhapsody' });
    const line = within(list).getByRole('listitem');
    expect(line).toHaveTextContent(text);
    // Its look follows its state too (amber held, green charged, plain released).
    expect(line).toHaveAttribute('data-state', state);
  });

  it('covers every state a boost can be in', () => {
    renderBoosts(
      BOOST_STATES.map((state, index) => boost({ id: index + 1, state })),
      { waiting: false },
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(BOOST_STATES.length);
  });

  it('offers Boost on a waiting request without an open boost', () => {
    renderBoosts([]);
    expect(boostButton()).toBeEnabled();
  });

  it.each(['pending', 'held'] as const)('offers no second boost while one is %s', (state) => {
    renderBoosts([boost({ state })]);
    expect(boostButton()).not.toBeInTheDocument();
  });

  it('offers Boost again once the last one was released', () => {
    renderBoosts([boost({ state: 'released', reason: 'hold_expiring' })]);
    expect(boostButton()).toBeInTheDocument();
  });

  it('offers no Boost once the song is no longer waiting, or while boosts are off', () => {
    const { unmount } = renderBoosts([], { waiting: false });
    expect(boostButton()).not.toBeInTheDocument();
    unmount();

    renderBoosts([], { offer: null });
    expect(boostButton()).not.toBeInTheDocument();
  });
});
