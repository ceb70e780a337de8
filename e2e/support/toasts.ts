import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Toasts close by themselves two seconds after they open: sooner than a test
 * on a busy machine may get round to looking, whatever it waited for in
 * between (another page's update, a redirect). So each page keeps a log of
 * the alerts it has shown (toasts are role="alert"), and tests read the log
 * rather than hope to catch the toast on screen.
 */

declare global {
  interface Window {
    /** Texts of the alerts this document has shown, oldest first, until a test checks them off. */
    __alertsShown?: string[];
  }
}

/** Runs in every document before the app: notes each alert, and each new text of one. */
function logAlertsShown(): void {
  const shown: string[] = [];
  window.__alertsShown = shown;
  const lastText = new WeakMap<Element, string>();
  const note = () => {
    for (const alert of Array.from(document.querySelectorAll('[role="alert"]'))) {
      const text = alert.textContent?.trim() ?? '';
      if (!text || lastText.get(alert) === text) continue;
      lastText.set(alert, text);
      shown.push(text);
    }
  };
  new MutationObserver(note).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/** Every page of `context` keeps its log of alerts from its first script on. */
export async function logToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(logAlertsShown);
}

/**
 * `page` has shown a toast containing `message` since it loaded, one that no
 * earlier call checked off: two equal toasts need two calls.
 */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const shown = window.__alertsShown;
          if (!shown) throw new Error('This page keeps no log of alerts: see logToasts.');
          const index = shown.findIndex((text) => text.includes(wanted));
          if (index === -1) return false;
          shown.splice(index, 1);
          return true;
        }, message),
      { message: `a toast saying "${message}"` },
    )
    .toBe(true);
}
