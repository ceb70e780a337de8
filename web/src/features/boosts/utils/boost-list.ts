import type { Boost, BoostState } from '@floorfill/shared';

/** A hold is open while the guest pays or the card is authorised: the song has its boost. */
const OPEN_STATES: readonly BoostState[] = ['pending', 'held'];

function isOpenBoost(boost: Pick<Boost, 'state'>): boolean {
  return OPEN_STATES.includes(boost.state);
}

/**
 * A list of boosts (newest first) with one boost's newest state: it replaces
 * the one with its id, or comes first when new. A push may arrive twice or
 * after the answer that created the boost; the list stays the same.
 */
export function withBoost<T extends Pick<Boost, 'id' | 'created_at'>>(
  boosts: readonly T[],
  boost: T,
): T[] {
  const others = boosts.filter((kept) => kept.id !== boost.id);
  return [boost, ...others].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** The boosts of one song, newest first. */
export function boostsOfSong(boosts: readonly Boost[], songId: string): Boost[] {
  return boosts.filter((boost) => boost.song_id === songId);
}

/** Whether a guest may boost their waiting request now: not while a boost of it is open. */
export function canBoostSong(boosts: readonly Boost[], songId: string): boolean {
  return !boostsOfSong(boosts, songId).some(isOpenBoost);
}

/** The quick picks of the boost dialog: the minimum, twice and five times it, within the limit. */
export function quickPicks(minCents: number, maxCents: number): number[] {
  const picks = [minCents, minCents * 2, minCents * 5].filter((cents) => cents <= maxCents);
  return [...new Set(picks)];
}
