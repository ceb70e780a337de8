import { test as base } from '@playwright/test';
import { logToasts } from './toasts.ts';

/**
 * Playwright's `test` whose `context` (and so `page`) logs the toasts it shows
 * (see toasts.ts). Contexts a journey opens itself call `logToasts` too.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await logToasts(context);
    await use(context);
  },
});
