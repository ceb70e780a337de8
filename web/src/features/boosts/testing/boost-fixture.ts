import type { Boost, HostBoost } from '@floorfill/shared';

/** Test data for boosts; override what a test cares about. */

export function boost(overrides: Partial<Boost> = {}): Boost {
  return {
    id: 31,
    event_id: 7,
    song_id: 'cat-queen--bohemian-rhapsody',
    song_name: 'Bohemian Rhapsody',
    amount_cents: 500,
    currency: 'usd',
    state: 'held',
    reason: null,
    created_at: '2026-11-21T20:15:00.000Z',
    settled_at: null,
    ...overrides,
  };
}

export function hostBoost(overrides: Partial<HostBoost> = {}): HostBoost {
  return {
    ...boost(),
    attendee_name: 'Ana',
    refundable: false,
    capture_failed: false,
    ...overrides,
  };
}
