import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  createEventAsHost,
  expectAccessible,
  LAPTOP,
  PHONE,
  signUpAndLogIn,
  type CreatedEvent,
} from './support/app.ts';
import { test } from './support/test.ts';

/**
 * The guest's pages (the event landing, the guest's event page) come drawn by
 * the server with the app's own components (web/src/entry-server.tsx), and
 * the browser takes that markup over (hydrates it) instead of drawing it
 * again: the content is there before any script has run, and the app keeps
 * the very nodes the server sent — a markup the app would not draw itself
 * makes React report a hydration error and draw the page anew.
 */

type Scheme = 'light' | 'dark';

/** What React reports when the server's markup is not what the app draws. */
const HYDRATION_TROUBLE = /hydrat|did not match|react\.dev\/errors|Minified React error/i;

async function guestContext(
  browser: Browser,
  viewport: { width: number; height: number },
  colorScheme: Scheme,
): Promise<BrowserContext> {
  return browser.newContext({ viewport, colorScheme, reducedMotion: 'reduce' });
}

/** A page whose app code never arrives: what the server drew is all it shows. */
async function withoutAppCode(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/assets/*.js', (route) => route.abort());
  return page;
}

/** A guest of `event` in `context`, signed in and joined through the API. */
async function joinAsGuest(context: BrowserContext, event: CreatedEvent): Promise<void> {
  const login = await context.request.post('/api/v1/login-as-guest', { data: { name: 'Mia' } });
  expect(login.ok(), await login.text()).toBe(true);
  const join = await context.request.post('/api/v1/join-event', {
    data: { event_code: event.code },
  });
  expect(join.ok(), await join.text()).toBe(true);
}

/**
 * Keeps the page's first heading as the server sent it, before the app's
 * script runs, so the test can tell whether the app kept that node.
 */
async function rememberServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      Reflect.set(window, '__serverHeading', document.querySelector('h1'));
    });
  });
}

/** Console messages and page errors that say the markup was not the app's own. */
function watchHydration(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()) && HYDRATION_TROUBLE.test(message.text())) {
      trouble.push(message.text());
    }
  });
  page.on('pageerror', (error) => trouble.push(error.message));
  return trouble;
}

async function screenshot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? PHONE;
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
}

async function expectServerHeadingKept(page: Page): Promise<void> {
  const kept = await page.evaluate(() => {
    const heading = Reflect.get(window, '__serverHeading') as Element | null;
    return heading !== null && heading.isConnected && document.querySelector('h1') === heading;
  });
  expect(kept, 'the heading the server drew is the one the app shows').toBe(true);
}

// Each scheme once, each size once: a phone in a dark room, a laptop in daylight
// (color-scheme.spec.ts walks every guest screen in both schemes).
const VARIANTS = [
  ['dark', PHONE],
  ['light', LAPTOP],
] as const satisfies ReadonlyArray<readonly [Scheme, { width: number; height: number }]>;

for (const [colorScheme, size] of VARIANTS) {
  test(`the landing shows its event and Join as guest before the app's code runs, and the app takes it over (${colorScheme}, ${size.width}px)`, async ({
    page: host,
    browser,
  }) => {
    await signUpAndLogIn(host, 'Rio Host');
    const event = await createEventAsHost(host, 'Harbour Lights', -30);
    const noScript = await guestContext(browser, size, colorScheme);
    try {
      const page = await withoutAppCode(noScript);
      await page.goto(`/e/${event.code}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
      await expect(page.getByText('Hosted by Rio Host')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Join as guest' })).toBeVisible();
      await screenshot(page, `landing-server-${colorScheme}`);
    } finally {
      await noScript.close();
    }

    const context = await guestContext(browser, size, colorScheme);
    try {
      const page = await context.newPage();
      const trouble = watchHydration(page);
      await rememberServerHeading(page);
      await page.goto(`/e/${event.code}`);
      // The colour-scheme switch is drawn once the app runs the page.
      await expect(page.getByRole('radiogroup', { name: 'Colour scheme' })).toBeVisible();
      await expectServerHeadingKept(page);
      await expectAccessible(page);
      expect(trouble).toEqual([]);
      await screenshot(page, `landing-app-${colorScheme}`);
    } finally {
      await context.close();
    }
  });

  test(`the joined guest's event page shows before the app's code runs, its search saying it is loading, and the app takes it over (${colorScheme}, ${size.width}px)`, async ({
    page: host,
    browser,
  }) => {
    await signUpAndLogIn(host, 'Rio Host');
    const event = await createEventAsHost(host, 'Harbour Lights', -30);
    const noScript = await guestContext(browser, size, colorScheme);
    try {
      await joinAsGuest(noScript, event);
      const page = await withoutAppCode(noScript);
      await page.goto(`/attendee/event/${event.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
      await expect(page.getByText('Search is loading…')).toBeVisible();
      await expect(page.getByRole('searchbox', { name: 'Search songs' })).toBeDisabled();
      await screenshot(page, `event-page-server-${colorScheme}`);
    } finally {
      await noScript.close();
    }

    const context = await guestContext(browser, size, colorScheme);
    try {
      await joinAsGuest(context, event);
      const page = await context.newPage();
      const trouble = watchHydration(page);
      await rememberServerHeading(page);
      await page.goto(`/attendee/event/${event.id}`);
      await expect(page.getByRole('heading', { name: 'Your requests' })).toBeVisible();
      await expect(page.getByRole('searchbox', { name: 'Search songs' })).toBeEnabled();
      await expect(page.getByText('Search is loading…')).toHaveCount(0);
      await expectServerHeadingKept(page);
      await expectAccessible(page);
      expect(trouble).toEqual([]);
      await screenshot(page, `event-page-app-${colorScheme}`);
    } finally {
      await context.close();
    }
  });
}
