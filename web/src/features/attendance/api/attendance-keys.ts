/** Query keys of the attendee's event data; joining or leaving refreshes everything under `all`. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  joined: () => ['attendance', 'joined'] as const,
  details: (eventId: number) => ['attendance', 'details', eventId] as const,
};
