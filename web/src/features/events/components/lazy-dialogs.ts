import { lazyDialog } from '@/lib/lazy-dialog';

/**
 * The guest event page's dialogs, each in a chunk of its own (with Mantine's
 * Modal): the page draws without them; `<LazyDialog dialog={…}>` mounts one.
 */
export const lazyConfirmDialog = lazyDialog(() => import('./confirm-dialog'), 'ConfirmDialog');
export const lazyEventShareModal = lazyDialog(
  () => import('./event-share-modal'),
  'EventShareModal',
);
