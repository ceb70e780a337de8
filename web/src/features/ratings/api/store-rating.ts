import { storeRatingAnswerSchema, type StoreRatingAnswer } from '@floorfill/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RatingInput {
  hostId: number;
  rating: number;
  feedback: string;
  eventId?: number;
}

/** store-rating (spec §7): the host's new average and review count come back. */
export async function storeRating(input: RatingInput): Promise<StoreRatingAnswer> {
  const { data } = await api.post('/api/v1/store-rating', {
    body: {
      host_id: input.hostId,
      rating: input.rating,
      feedback: input.feedback.trim() || null,
      event_id: input.eventId,
    },
    schema: storeRatingAnswerSchema,
  });
  return data;
}

/**
 * A rating changes what several screens show (the event page's `is_rated`,
 * the host's rating and review count on profiles), and those caches belong
 * to other features, so every cached query is marked stale: the ones on
 * screen refetch now, the rest when next shown.
 */
export function useStoreRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeRating,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
