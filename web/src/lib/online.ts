import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  return onlineManager.subscribe(() => onChange());
}

/**
 * Whether the phone has a network, as the app's queries see it (TanStack
 * Query's online manager, which follows the browser's online/offline events).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
}
