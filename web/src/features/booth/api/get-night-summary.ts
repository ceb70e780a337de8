import { nightSummarySchema } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { boothKeys } from './booth-keys';

/** What the host takes home once the night has ended. */
export function useNightSummary(eventId: number) {
  return useQuery({
    queryKey: boothKeys.nightSummary(eventId),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-night-summary', {
          query: { event_id: eventId },
          schema: nightSummarySchema,
          signal,
        })
      ).data,
  });
}
