let drawn = false;
const waiting: (() => void)[] = [];
/** A page that never says it has drawn itself (a host screen) still gets its idle work. */
const DRAWN_AT_LATEST_MS = 8_000;

/**
 * Runs `run` in a task of its own once the browser has painted the frame
 * being made now (at once when the page is hidden, which paints nothing):
 * work that follows a page's first frame neither delays that frame nor
 * lengthens the task that made it. The returned function cancels it.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const later = () => {
    timer = setTimeout(run, 0);
  };
  if (document.hidden) later();
  else frame = requestAnimationFrame(later);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs each step in a task of its own, one after the other: work a phone must
 * do at once, but not in one long task it could not answer a tap during.
 */
export function inTasksOfTheirOwn(steps: readonly (() => void)[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  setTimeout(() => {
    step();
    inTasksOfTheirOwn(rest);
  }, 0);
}

/**
 * Called by a guest page once its content is on screen (the landing, the
 * event page): work kept for later (`afterPageDrawn`, `whenIdle`) starts only
 * then, each piece in a task of its own after that frame, so on slow mobile
 * data and a slow phone it never competes with what the page needs to draw.
 */
export function markPageDrawn(): void {
  if (drawn) return;
  drawn = true;
  afterNextPaint(() => {
    for (const run of waiting.splice(0)) setTimeout(run, 0);
  });
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
 * Runs `run` after the page has loaded and drawn its content, when the
 * browser is idle; the returned function cancels a run still waiting.
 */
export function whenIdle(run: () => void): () => void {
  let cancelled = false;
  const start = () => {
    if (!cancelled) run();
  };
  const onIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5_000 });
    else setTimeout(start, 1_000);
  };
  const afterLoad = () => whenDrawn(onIdle);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
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
  whenIdle(() => void task().catch(() => undefined));
}
