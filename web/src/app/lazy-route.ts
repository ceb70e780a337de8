import type { ComponentType } from 'react';
import { lazyNamed } from '@/lib/lazy-named';

/** A lazy screen or layout whose chunk can be fetched before it first renders. */
export type LazyRoute<Props extends object = object> = ComponentType<Props> & {
  /**
   * Starts fetching the chunk (once); resolves when it has arrived or failed, a
   * failure being left for the render to report.
   */
  preload: () => Promise<void>;
};

/**
 * A route screen (or layout) in its own chunk, fetched the first time it
 * renders or when `preload()` is called:
 * `lazyRoute(() => import('./routes/auth/login'), 'LoginRoute')`. Route
 * modules keep their named exports; React.lazy wants a default one.
 */
export function lazyRoute<Name extends string, Props extends object = object>(
  load: () => Promise<Record<NoInfer<Name>, ComponentType<Props>>>,
  name: Name,
): LazyRoute<Props> {
  // A failed fetch is tried again at the next render (after a deploy, the stale-build reload takes over).
  const { component, loadOnce } = lazyNamed<Name, Props>(load, name);
  return Object.assign(component, {
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}

export function isLazyRoute(value: unknown): value is LazyRoute {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    'preload' in value &&
    typeof value.preload === 'function'
  );
}
