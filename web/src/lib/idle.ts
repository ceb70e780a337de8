let drawn = false;
const waiting: (() => void)[] = [];
/** A page that never says it has drawn itself (a host screen) still gets its idle work. */
const DRAWN_AT_LATEST_MS = 8_000;

/**
 * Called by a guest page once its content is on screen (the landing, the
 * event page): work kept for later (`loadWhenIdle`) starts only then, so on
 * slow mobile data it never competes with what the page needs to draw.
 */
export function markPageDrawn(): void {
  if (drawn) return;
  drawn = true;
  for (const run of waiting.splice(0)) run();
}

function whenDrawn(run: () => void): void {
  if (drawn) run();
  else {
    waiting.push(run);
    setTimeout(markPageDrawn, DRAWN_AT_LATEST_MS);
  }
}

/**
 * Runs `run` once the guest page has drawn its content (at once if it has);
 * the returned function cancels a run still waiting.
 */
export function afterPageDrawn(run: () => void): () => void {
  let cancelled = false;
  whenDrawn(() => {
    if (!cancelled) run();
  });
  return () => {
    cancelled = true;
  };
}

/**
 * Runs `task` after the page has loaded and drawn its content, when the
 * browser is idle, so what it fetches never competes with what the page needs
 * to draw.
 */
export function loadWhenIdle(task: () => Promise<unknown>): void {
  const run = () => {
    const start = () => void task().catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5_000 });
    else setTimeout(start, 1_000);
  };
  const afterLoad = () => whenDrawn(run);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
