/**
 * Runs `task` after the page has loaded, when the browser is idle, so what it
 * fetches never competes with what the page needs to draw.
 */
export function loadWhenIdle(task: () => Promise<unknown>): void {
  const run = () => {
    const start = () => void task().catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5_000 });
    else setTimeout(start, 1_000);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
