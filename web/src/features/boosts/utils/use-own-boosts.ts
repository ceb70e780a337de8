import type { Boost, RequestSettings } from '@floorfill/shared';
import { useCallback } from 'react';
import { useMyBoosts } from '../api/my-boosts';
import type { BoostOffer } from '../components/request-boosts';
import { boostsOfSong } from './boost-list';
import { useBoostReturn } from './use-boost-return';
import { useBoostUpdates } from './use-boost-updates';

const NO_BOOSTS: readonly Boost[] = [];

export interface OwnBoostsOptions {
  eventId: number;
  settings: Pick<RequestSettings, 'boosts_enabled' | 'boost_min_cents' | 'boost_currency'>;
  hasEnded: boolean;
  /** Members may pay with the card saved in their wallet; guests have none. */
  canUseSavedCard: boolean;
}

export interface OwnBoosts {
  /** The guest's boosts of one song, newest first. */
  boostsOf: (songId: string) => readonly Boost[];
  /** What a waiting request may be boosted with now (null: boosts are off or the night is over). */
  offer: BoostOffer | null;
}

/**
 * A guest's boosts on the event page: fetched once the host takes boosts (or
 * the guest is back from paying for one), live from their own room, and
 * greeted back from checkout (`?boost=held|cancelled`).
 */
export function useOwnBoosts({
  eventId,
  settings,
  hasEnded,
  canUseSavedCard,
}: OwnBoostsOptions): OwnBoosts {
  const returned = useBoostReturn();
  useBoostUpdates(eventId);
  const mine = useMyBoosts(eventId, settings.boosts_enabled || returned);
  const boosts = mine.data?.boosts ?? NO_BOOSTS;
  const boostsOf = useCallback((songId: string) => boostsOfSong(boosts, songId), [boosts]);
  const offer =
    settings.boosts_enabled && !hasEnded
      ? {
          eventId,
          minCents: settings.boost_min_cents,
          currency: settings.boost_currency,
          canUseSavedCard,
        }
      : null;
  return { boostsOf, offer };
}
