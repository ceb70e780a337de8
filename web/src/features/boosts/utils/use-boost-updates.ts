import type { MyBoosts } from '@floorfill/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocketConnectionId, useSocketEvent } from '@/lib/socket';
import { boostKeys } from '../api/boost-keys';
import { storeMyBoost } from '../api/my-boosts';

/**
 * Keeps the guest's boosts current: each `boost:updated` (to their own room)
 * brings one boost's new state. Pushes sent while no connection was up are
 * lost, so the list is fetched again (only if it was fetched before) after a
 * reconnect, and at the first connection when a boost was still being paid
 * for (back from checkout, its outcome may have been pushed already).
 */
export function useBoostUpdates(eventId: number): void {
  const queryClient = useQueryClient();
  const connectionId = useSocketConnectionId();
  const firstConnection = useRef<number | null>(null);
  useSocketEvent('boost:updated', ({ boost }) => storeMyBoost(queryClient, boost));
  useEffect(() => {
    if (connectionId === null) return;
    firstConnection.current ??= connectionId;
    const reconnected = connectionId !== firstConnection.current;
    const mine = queryClient.getQueryData<MyBoosts>(boostKeys.mine(eventId));
    const paying = mine?.boosts.some((boost) => boost.state === 'pending') ?? false;
    if (!reconnected && !paying) return;
    void queryClient.invalidateQueries({ queryKey: boostKeys.mine(eventId), exact: true });
  }, [connectionId, eventId, queryClient]);
}
