import type { Page } from '@playwright/test';

/** The app's main script (its entry, /assets/index-….js). */
const MAIN_SCRIPT = /\/assets\/index-[^/]+\.js$/;

export interface HeldScript {
  /** Lets every held request for the script go on. */
  release: () => void;
  /** Whether the page has asked for the script yet. */
  held: () => boolean;
}

/**
 * Holds the page's main script back until `release` is called: whatever the
 * test does meanwhile happens on the page as the server drew it, before the
 * app's code has run (as on a phone whose script is still arriving).
 */
export async function holdMainScript(page: Page): Promise<HeldScript> {
  let held = false;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(MAIN_SCRIPT, async (route) => {
    held = true;
    await released;
    // The page that asked may be gone by then (a form or link took the browser on): nothing to send.
    await route.continue().catch(() => undefined);
  });
  return { release, held: () => held };
}
