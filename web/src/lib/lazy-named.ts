import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A named export of a module in a chunk of its own, as a component (React.lazy
 * wants a default export), with the one loader that fetches the chunk: at the
 * first render or when asked earlier. A failed fetch (offline, a deploy) is
 * not kept, so the next render or call tries again.
 *
 * Once the chunk is here, a component mounted after draws it at once instead
 * of suspending for a moment: the browser, taking over a page the server drew
 * (main.tsx), takes it over in one go, with no part left waiting for its code
 * when something above it changes (React would throw that part away and draw
 * it anew). Each mounted instance keeps the way it started, so nothing is
 * mounted twice.
 */
export function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): {
  component: ComponentType<Props>;
  loadOnce: () => Promise<Record<Name, ComponentType<Props>>>;
} {
  let loading: Promise<Record<Name, ComponentType<Props>>> | null = null;
  let loaded: ComponentType<Props> | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name];
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy<ComponentType<Props>>(async () => ({ default: (await loadOnce())[name] }));
  function LazyNamed(props: Props) {
    const [drawn] = useState(() => ({ loaded }));
    return drawn.loaded ? createElement(drawn.loaded, props) : createElement(Lazy, props);
  }
  LazyNamed.displayName = `Lazy(${name})`;
  return { component: LazyNamed, loadOnce };
}
