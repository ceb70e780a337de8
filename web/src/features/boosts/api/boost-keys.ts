/** Query keys of boosts: a guest's own in one event. */
export const boostKeys = {
  all: ['boosts'] as const,
  mine: (eventId: number) => ['boosts', 'mine', eventId] as const,
};
