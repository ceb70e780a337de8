import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

let current: QueryClient | null = null;

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
