import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { loadWhenIdle } from './idle';
import { lazyNamed } from './lazy-named';

/** A dialog in a chunk of its own: fetched when the page is idle, or at its first opening. */
export type LazyDialogComponent<Props extends { opened: boolean }> = ComponentType<Props> & {
  preload: () => Promise<unknown>;
};

/**
 * `lazyDialog(() => import('./tip-host-modal'), 'TipHostModal')`: a page that
 * only may open the dialog does not wait for its code (and Mantine's Modal)
 * before it draws.
 */
export function lazyDialog<Name extends string, Props extends { opened: boolean }>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyDialogComponent<Props> {
  // A failed fetch (offline, a deploy) is tried again at the next opening.
  const { component, loadOnce } = lazyNamed(load, name);
  return Object.assign(component, { preload: loadOnce });
}

/**
 * Mounted closed once, then opened: the dialog's first opening plays its
 * transition and moves focus as every later one does.
 */
function OpenAfterMount<Props extends { opened: boolean }>({
  dialog: Dialog,
  props,
}: {
  dialog: ComponentType<Props>;
  props: Props;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return <Dialog {...props} opened={props.opened && mounted} />;
}

/**
 * Renders a lazy dialog from its first opening on (kept mounted after, so it
 * closes with its transition). Its code is fetched once the page has drawn
 * and the browser is idle, so a tap opens it at once, offline too.
 */
export function LazyDialog<Props extends { opened: boolean }>({
  dialog,
  ...props
}: { dialog: LazyDialogComponent<Props> } & Props) {
  const [wanted, setWanted] = useState(false);
  if (props.opened && !wanted) setWanted(true);
  useEffect(() => loadWhenIdle(dialog.preload), [dialog]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenAfterMount dialog={dialog} props={props as unknown as Props} />
    </Suspense>
  );
}
