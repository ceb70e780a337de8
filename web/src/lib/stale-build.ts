const RELOADED_AT_KEY = 'floorfill.staleBuildReloadAt';
const MIN_RELOAD_INTERVAL_MS = 60_000;

/**
 * Screens are separate chunks with hashed names. A tab left open across a
 * deploy asks for chunks the server no longer has; Vite reports that as
 * `vite:preloadError`, and a reload fetches the new build. At most once a
 * minute, so a file that is really missing shows its error instead of looping.
 * Not while the phone is offline: the chunk is not gone, the network is, and a
 * reload would trade the open page for the browser's error page; the screen
 * says so and offers to try again.
 */
export function reloadOnStaleBuild(): void {
  window.addEventListener('vite:preloadError', () => {
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < MIN_RELOAD_INTERVAL_MS) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  });
}
