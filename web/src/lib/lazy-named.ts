import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A named export of a module in a chunk of its own, as a lazy component
 * (React.lazy wants a default export), with the one loader that fetches the
 * chunk: at the first render or when asked earlier. A failed fetch (offline,
 * a deploy) is not kept, so the next render or call tries again.
 */
export function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): {
  component: LazyExoticComponent<ComponentType<Props>>;
  loadOnce: () => Promise<Record<Name, ComponentType<Props>>>;
} {
  let loading: Promise<Record<Name, ComponentType<Props>>> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const component = lazy(async () => ({ default: (await loadOnce())[name] }));
  return { component, loadOnce };
}
