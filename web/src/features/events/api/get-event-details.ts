import { hostEventDetailsSchema } from '@floorfill/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** Could this be an event's id (a positive integer)? Anything else is no event. */
export function isEventId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * The host's view of one event, as its page and its live room both ask it:
 * the room (`LiveEventRoom`) keeps it current from the pushes and polls it
 * every 5 s while the socket is down (spec §9).
 */
export function eventDetailsQuery(id: number) {
  return queryOptions({
    queryKey: eventKeys.details(id),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-event-details', {
          query: { id },
          schema: hostEventDetailsSchema,
          signal,
        })
      ).data,
    enabled: isEventId(id),
  });
}
