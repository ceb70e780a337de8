import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { createEventAsHost, PHONE, signUpAndLogIn, type CreatedEvent } from './support/app.ts';
import { test } from './support/test.ts';

/**
 * A guest page's poster (server/src/http/page-posters.ts) is the page's top,
 * drawn by the server before the app's code runs. It must stand exactly where
 * the app then draws the same things, or the page jumps as it gives way; and
 * the page must not shift while it draws the rest (layout shifts are summed
 * as the browser reports them).
 */

type Box = { x: number; y: number; width: number; height: number };

/** The parts of the top that both the poster and the page draw, each found in either. */
interface Part {
  name: string;
  poster: (page: Page) => Locator;
  app: (page: Page) => Locator;
}

const EVENT_PAGE_PARTS: Part[] = [
  {
    name: 'menu button',
    poster: (page) => page.locator('.ff-poster-burger'),
    app: (page) => page.getByRole('button', { name: 'Open menu' }),
  },
  {
    name: 'wordmark',
    poster: (page) => page.locator('.ff-poster-appbar .ff-poster-wordmark'),
    app: (page) => page.getByRole('banner').getByText('Floorfill'),
  },
  {
    name: 'account menu',
    poster: (page) => page.locator('.ff-poster-account'),
    app: (page) => page.getByRole('button', { name: 'Account menu' }),
  },
  {
    name: 'live badge',
    poster: (page) => page.locator('.ff-poster-badge'),
    app: (page) => page.locator('.mantine-Badge-root', { hasText: /^Live$/ }),
  },
  {
    name: 'event name',
    poster: (page) => page.locator('.ff-poster-event-name'),
    app: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: 'host line',
    poster: (page) => page.locator('.ff-poster-subtitle'),
    app: (page) => page.getByText('Hosted by Rio Host'),
  },
  {
    name: 'share button',
    poster: (page) => page.locator('.ff-poster-share'),
    app: (page) => page.getByRole('button', { name: 'Share event' }),
  },
  {
    name: 'Joined',
    poster: (page) => page.locator('.ff-poster-button', { hasText: 'Joined' }),
    app: (page) => page.getByRole('button', { name: 'Joined' }),
  },
  {
    name: 'Leave',
    poster: (page) => page.locator('.ff-poster-button', { hasText: 'Leave' }),
    app: (page) => page.getByRole('button', { name: 'Leave' }),
  },
];

const LANDING_PARTS: Part[] = [
  {
    name: 'wordmark',
    poster: (page) => page.locator('.ff-poster-bar .ff-poster-wordmark'),
    app: (page) => page.getByRole('banner').getByText('Floorfill'),
  },
  {
    name: 'event name',
    poster: (page) => page.locator('.ff-poster-title'),
    app: (page) => page.getByRole('heading', { level: 1 }),
  },
];

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on screen`);
  return box;
}

/** The page as its HTML draws it: the app's code never arrives, so the poster stays. */
async function posterBoxes(page: Page, url: string, parts: Part[]): Promise<Map<string, Box>> {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(url);
  await expect(page.locator('#ff-poster')).toBeVisible();
  const boxes = new Map<string, Box>();
  for (const part of parts) boxes.set(part.name, await boxOf(part.poster(page)));
  await page.unroute('**/assets/*.js');
  return boxes;
}

/** The page as the app draws it, once the poster has given way; and the layout shifts on the way. */
async function appBoxes(page: Page, url: string, parts: Part[], drawn: Locator) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, '__layoutShifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!Reflect.get(entry, 'hadRecentInput')) shifts.push(Number(Reflect.get(entry, 'value')));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await expect(drawn).toBeVisible();
  await expect(page.locator('#ff-poster')).toHaveCount(0);
  const boxes = new Map<string, Box>();
  for (const part of parts) boxes.set(part.name, await boxOf(part.app(page)));
  const shifts = await page.evaluate(() => Reflect.get(window, '__layoutShifts') as number[]);
  return { boxes, layoutShift: shifts.reduce((sum, value) => sum + value, 0) };
}

function expectSamePlaces(poster: Map<string, Box>, app: Map<string, Box>) {
  for (const [name, box] of poster) {
    const drawn = app.get(name);
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(box[side] - (drawn?.[side] ?? Number.NaN)), `${name}: ${side}`).toBeLessThan(
        0.5,
      );
    }
  }
}

/**
 * Opens `url` twice in `context` (a phone): once held at its poster, once as
 * the app draws it (`drawn` visible); each of `parts` must stand in the same
 * place in both, and the app must not shift on the way. The context is closed
 * whatever the outcome.
 */
async function expectAppWherePosterStood(
  context: BrowserContext,
  url: string,
  parts: Part[],
  drawn: (page: Page) => Locator,
) {
  try {
    const poster = await posterBoxes(await context.newPage(), url, parts);
    const page = await context.newPage();
    const app = await appBoxes(page, url, parts, drawn(page));
    expectSamePlaces(poster, app.boxes);
    expect(app.layoutShift).toBeLessThan(0.01);
  } finally {
    await context.close();
  }
}

/** A phone of a guest who joined `event` through the API, in `colorScheme`. */
async function guestPhone(browser: Browser, event: CreatedEvent, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: PHONE,
    colorScheme,
    reducedMotion: 'reduce',
  });
  const login = await context.request.post('/api/v1/login-as-guest', { data: { name: 'Mia' } });
  expect(login.ok(), await login.text()).toBe(true);
  const join = await context.request.post('/api/v1/join-event', {
    data: { event_code: event.code },
  });
  expect(join.ok(), await join.text()).toBe(true);
  return context;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the joined guest's event page stands where its poster stood, without a shift (${colorScheme})`, async ({
    page: host,
    request,
    browser,
  }) => {
    await signUpAndLogIn(host, request, 'Rio Host');
    const event = await createEventAsHost(host, 'Harbour Lights', -30);
    const context = await guestPhone(browser, event, colorScheme);
    await expectAppWherePosterStood(
      context,
      `/attendee/event/${event.id}`,
      EVENT_PAGE_PARTS,
      (page) => page.getByRole('heading', { name: 'Your requests' }),
    );
  });
}

test('the landing stands where its poster stood, without a shift', async ({
  page: host,
  request,
  browser,
}) => {
  await signUpAndLogIn(host, request, 'Rio Host');
  const event = await createEventAsHost(host, 'Harbour Lights', -30);
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  await expectAppWherePosterStood(context, `/e/${event.code}`, LANDING_PARTS, (page) =>
    page.getByRole('button', { name: 'Join as guest' }),
  );
});
