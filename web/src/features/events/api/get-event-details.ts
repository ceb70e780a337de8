import { EVENT_DETAILS_POLL_MS, hostEventDetailsSchema } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/**
 * The host's view of one event. Polled every 5 s (spec §9) unless the live
 * room says otherwise (`useEventRoom`'s pollInterval).
 */
export function useEventDetails(id: number, pollInterval: number = EVENT_DETAILS_POLL_MS) {
  return useQuery({
    queryKey: eventKeys.details(id),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-event-details', {
          query: { id },
          schema: hostEventDetailsSchema,
          signal,
        })
      ).data,
    refetchInterval: pollInterval,
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
