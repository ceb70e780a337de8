import { myBoostsSchema, type Boost, type MyBoosts } from '@floorfill/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withBoost } from '../utils/boost-list';
import { boostKeys } from './boost-keys';

/** list-my-boosts: the caller's own boosts in one event, newest first. */
async function getMyBoosts(eventId: number, signal?: AbortSignal): Promise<MyBoosts> {
  const { data } = await api.get('/api/v1/boosts/mine', {
    query: { event_id: eventId },
    schema: myBoostsSchema,
    signal,
  });
  return data;
}

/**
 * The guest's boosts in the event, fetched only while `enabled` (the host
 * takes boosts, or the guest is back from paying for one); what was fetched
 * or pushed stays shown after.
 */
export function useMyBoosts(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: boostKeys.mine(eventId),
    queryFn: ({ signal }) => getMyBoosts(eventId, signal),
    enabled,
  });
}

/** One boost's newest state, into its event's list (made if the page never fetched it). */
export function storeMyBoost(queryClient: QueryClient, boost: Boost): void {
  queryClient.setQueryData<MyBoosts>(boostKeys.mine(boost.event_id), (mine) => ({
    boosts: withBoost(mine?.boosts ?? [], boost),
  }));
}
