import { expect, type Browser, type Page } from '@playwright/test';
import {
  createEventAsHost,
  expectAccessible,
  PHONE,
  sessionUserId,
  signUpAndLogIn,
} from './support/app.ts';
import { test } from './support/test.ts';

type Scheme = 'light' | 'dark';

/** Picks a colour scheme in the switch as a user does, by its (icon) label. */
async function choose(page: Page, label: string) {
  await page
    .getByRole('radiogroup', { name: 'Colour scheme' })
    .locator('label', { hasText: label })
    .click();
}

const colorSchemeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/**
 * A phone whose system is set to `scheme`; the app is left on its default,
 * auto. `serviceWorkers: 'block'` keeps every request in reach of
 * `page.route` (a worker would answer from its cache).
 */
async function phoneIn(
  browser: Browser,
  scheme: Scheme,
  serviceWorkers: 'allow' | 'block' = 'allow',
) {
  const context = await browser.newContext({
    viewport: PHONE,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    serviceWorkers,
  });
  // Every Content-Security-Policy violation the pages cause, kept for the journey to check.
  await context.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { cspViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return { context, page: await context.newPage() };
}

const cspViolationsOf = (page: Page) =>
  page.evaluate(() => Reflect.get(window, 'cspViolations') as string[]);

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a guest's screens follow a ${scheme} phone and pass axe: landing, event page, song search, host profile, host's public page, start`, async ({
    page: host,
    browser,
  }) => {
    test.slow();
    await signUpAndLogIn(host, 'Rio Host');
    const hostId = await sessionUserId(host);
    const tonight = await createEventAsHost(host, `Harbour ${scheme}`, -20);

    const { context, page: phone } = await phoneIn(browser, scheme);
    await phone.goto(`/e/${tonight.code}`);
    await expect(phone.getByRole('heading', { level: 1, name: tonight.name })).toBeVisible();
    expect(await colorSchemeOf(phone)).toBe(scheme);
    await expect(phone.getByRole('radio', { name: 'Auto (as the system)' })).toBeChecked();
    await expectAccessible(phone);
    await screenshot(phone, `landing-375-${scheme}`);

    await phone.getByLabel('Your first name (optional)').fill('Mia');
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await expect(phone).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
    await expect(phone.getByRole('heading', { name: tonight.name }).first()).toBeVisible();
    await expectAccessible(phone);
    await screenshot(phone, `guest-event-375-${scheme}`);

    // Request first: the search is on the page, results below it.
    await phone.getByLabel('Search songs').fill('Bohemian');
    const results = phone.getByRole('list', { name: 'Search results' });
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expectAccessible(phone);
    await screenshot(phone, `song-search-375-${scheme}`);
    await phone.getByLabel('Search songs').fill('');

    // The side menu carries the colour-scheme switch on the signed-in screens.
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      phone.getByRole('radiogroup', { name: 'Colour scheme' }).getByRole('radio', {
        name: 'Auto (as the system)',
      }),
    ).toBeChecked();
    await expectAccessible(phone);
    await phone.screenshot({ path: `test-results/screenshots/guest-menu-375-${scheme}.png` });

    // The CSP allows no inline script but index.html's own, and no eval (zod runs without).
    expect(await cspViolationsOf(phone)).toEqual([]);

    await phone.goto(`/attendee/host-profile/${hostId}`);
    await expect(phone.getByRole('heading', { name: 'Rio Host' }).first()).toBeVisible();
    await expectAccessible(phone);
    await screenshot(phone, `host-profile-375-${scheme}`);

    // The host's public page, as the signed-in guest sees it (a direct Join, no guest form).
    await phone.goto(`/h/${hostId}`);
    await expect(phone.getByRole('heading', { level: 1, name: 'Rio Host' })).toBeVisible();
    await expect(phone.getByText(tonight.name)).toBeVisible();
    expect(await colorSchemeOf(phone)).toBe(scheme);
    await expectAccessible(phone);
    await screenshot(phone, `host-public-page-375-${scheme}`);
    await context.close();

    // Where the installed app opens for someone signed out: a code to type, and Sign in.
    const { context: stranger, page: newcomer } = await phoneIn(browser, scheme);
    await newcomer.goto('/start');
    await expect(newcomer.getByRole('heading', { level: 1, name: 'Join an event' })).toBeVisible();
    expect(await colorSchemeOf(newcomer)).toBe(scheme);
    await expectAccessible(newcomer);
    await screenshot(newcomer, `start-375-${scheme}`);
    await stranger.close();
  });
}

test('the colour scheme chosen on the device wins over the system, is remembered, and paints before the app loads', async ({
  browser,
}) => {
  const { context, page } = await phoneIn(browser, 'light', 'block');
  await page.goto('/e/UNKNWN');
  await expect(page.getByRole('heading', { name: 'No event with this code' })).toBeVisible();
  expect(await colorSchemeOf(page)).toBe('light');

  await choose(page, 'Dark');
  await expect.poll(() => colorSchemeOf(page)).toBe('dark');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await colorSchemeOf(page)).toBe('dark');

  // index.html sets the scheme itself, before any of the app's code has arrived: no white flash.
  await page.route('**/assets/**', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  expect(await colorSchemeOf(page)).toBe('dark');
  await page.unroute('**/assets/**');

  await page.reload();
  await choose(page, 'Auto (as the system)');
  await expect.poll(() => colorSchemeOf(page)).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => colorSchemeOf(page)).toBe('dark');
  await context.close();
});
