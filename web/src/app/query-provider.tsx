import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

let current: QueryClient | null = null;

// React Query assumes it starts online and learns otherwise from `offline` events, which a
// page opened without a network (the app shell from the service worker) never gets. Told
// here, its calls wait for the connection and go out once it is back, instead of failing. (Node's
// `navigator`, where the server draws a page, says nothing about the network.)
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/**
 * The server-data cache for everything below the root layout. A chunk of its
 * own, fetched as the app starts: the first paint (a loader while the app asks
 * who is signed in) draws no server data.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    current = createQueryClient();
    return current;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Forgets every cached answer (the session has ended: none of it is ours to show). */
export function clearQueryCache(): void {
  current?.clear();
}
