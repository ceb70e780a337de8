/** Query keys of what the booth fetches beside the event's snapshot. */
export const boothKeys = {
  all: ['booth'] as const,
  attendees: (eventId: number) => ['booth', 'attendees', eventId] as const,
  requesters: (eventId: number, songId: string, requestCount: number) =>
    ['booth', 'requesters', eventId, songId, requestCount] as const,
  nightSummary: (eventId: number) => ['booth', 'night-summary', eventId] as const,
  eventBoosts: (eventId: number) => ['booth', 'boosts', eventId] as const,
  bridgePanel: (eventId: number) => ['booth', 'bridge-panel', eventId] as const,
  bridgeExecutables: ['booth', 'bridge-executables'] as const,
};
