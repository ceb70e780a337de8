import { eventBoostsSchema, refundBoostAnswerSchema, type EventBoosts } from '@floorfill/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { boothKeys } from './booth-keys';

/** list-event-boosts (the host's): the night's boosts, newest first, with their totals. */
export function useEventBoosts(eventId: number) {
  return useQuery({
    queryKey: boothKeys.eventBoosts(eventId),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/boosts/event', {
          query: { event_id: eventId },
          schema: eventBoostsSchema,
          signal,
        })
      ).data,
  });
}

/** The host gives a charged boost back: its row takes the answer's state at once. */
export function useRefundBoost(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boostId: number) =>
      api.post('/api/v1/boosts/refund', {
        body: { boost_id: boostId },
        schema: refundBoostAnswerSchema,
      }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<EventBoosts>(boothKeys.eventBoosts(eventId), (night) =>
        night
          ? {
              ...night,
              boosts: night.boosts.map((kept) => (kept.id === data.boost.id ? data.boost : kept)),
            }
          : night,
      );
    },
  });
}
