import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False while the page is markup the server drew (on the server, and while
 * React takes that markup over in the browser), true once the app runs it:
 * a control that needs the app's code says so until then. A page the browser
 * draws itself is running from its first render.
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
