import { lazy, type ComponentType } from 'react';

/**
 * A route screen in its own chunk, fetched the first time it renders:
 * `lazyRoute(() => import('./routes/auth/login'), 'LoginRoute')`. Route
 * modules keep their named exports; React.lazy wants a default one.
 */
export function lazyRoute<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] };
  });
}
