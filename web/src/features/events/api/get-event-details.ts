import { EVENT_DETAILS_POLL_MS, hostEventDetailsSchema } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** The host's view of one event, polled until the live push arrives (spec §9: 5 s). */
export function useEventDetails(id: number) {
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
    refetchInterval: EVENT_DETAILS_POLL_MS,
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
