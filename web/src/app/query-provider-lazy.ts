import type { ReactNode } from 'react';
import { lazyRoute } from './lazy-route';

/** The data cache's provider (query-provider.tsx), fetched as the app starts (see main.tsx). */
export const QueryProvider = lazyRoute<'QueryProvider', { children: ReactNode }>(
  () => import('./query-provider'),
  'QueryProvider',
);

/** Forgets every cached answer once the cache's code is there (it holds nothing before). */
export function clearQueryCache(): void {
  void import('./query-provider').then((module) => module.clearQueryCache());
}
