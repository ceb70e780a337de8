import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { chooseMenuItem } from './popups.ts';

/** Small helpers shared by the journeys. */

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The newest 6-digit code mailed to this address, read from the dev outbox. */
export async function latestCode(
  request: APIRequestContext,
  email: string,
  afterIso?: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
        const body = (await res.json()) as { data: OutboxMail[] };
        const mail = body.data.find((m) => !afterIso || m.created_at > afterIso);
        code = mail?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `a code mailed to ${email}` },
    )
    .toBeTruthy();
  return code as string;
}

/**
 * The screen at rest: laid out for the current viewport (two frames after a
 * resize, so media-query listeners have re-rendered) and no fade or slide
 * under way. Endless animations such as loaders are left alone.
 */
async function waitForSettledScreen(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** Every screen passes axe-core's WCAG A/AA rules. */
export async function expectAccessible(page: Page): Promise<void> {
  // Contrast is judged on the settled screen, not halfway through a fade-in.
  await waitForSettledScreen(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('; ')}`,
  );
  expect(summary, 'axe-core violations').toEqual([]);
}

/** A small phone (iPhone SE) and a laptop. */
export const PHONE = { width: 375, height: 667 } as const;
export const LAPTOP = { width: 1440, height: 900 } as const;

/**
 * Whole-page screenshots at phone and laptop sizes, kept as test artifacts
 * (test-results/screenshots/<name>-<width>.png), then back to the laptop size.
 */
export async function captureScreens(page: Page, name: string): Promise<void> {
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await waitForSettledScreen(page);
    await page.screenshot({
      path: `test-results/screenshots/${name}-${size.width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(LAPTOP);
}

export function randomPassword(): string {
  return `Pw-${randomBytes(6).toString('hex')}`;
}

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** A verified account made through the API (the auth journey covers the forms). */
export async function createVerifiedAccount(
  request: APIRequestContext,
  name = 'Dee Jay',
): Promise<TestAccount> {
  const account = { name, email: uniqueEmail('e2e'), password: randomPassword() };
  const signup = await request.post('/api/auth/signup', {
    data: { ...account, password_confirmation: account.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = await latestCode(request, account.email);
  const digits = Object.fromEntries([...code].map((digit, index) => [`otp${index + 1}`, digit]));
  const verify = await request.post('/api/auth/verify-email', {
    data: { email: account.email, ...digits },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  return account;
}

/**
 * A verified account, signed in on `page` by its verification (as the
 * verification page signs a new account in), on its default dashboard (the
 * host's for new accounts). The login form has its own journeys (auth.spec.ts).
 */
export async function signUpAndLogIn(page: Page, name = 'Dee Jay'): Promise<TestAccount> {
  // page.request shares the page's cookies: the verification's session is the page's.
  const account = await createVerifiedAccount(page.request, name);
  // The auth area sends a signed-in account on to its dashboard.
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/dashboard/);
  return account;
}

/** The signed-in user's id, as the session call reports it (cookies of `page`'s context). */
export async function sessionUserId(page: Page): Promise<number> {
  const response = await page.request.get('/api/auth/session');
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { user: { id: number } } };
  return body.data.user.id;
}

export interface CreatedEvent {
  id: number;
  code: string;
  name: string;
}

/**
 * An event of the host signed in on `page`, through the API with its cookie;
 * by default live now (started half an hour ago, ends in four hours).
 */
export async function createEventAsHost(
  page: Page,
  name: string,
  startsInMinutes = -30,
): Promise<CreatedEvent> {
  const start = new Date(Date.now() + startsInMinutes * 60_000);
  const end = new Date(start.getTime() + 4.5 * 3_600_000);
  const response = await page.request.post('/api/v1/store-event', {
    data: {
      name,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      address: '1 Harbour Road',
      city: 'Lisbon',
      country: 'Portugal',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { id: number; code: string } };
  return { id: body.data.id, code: body.data.code, name };
}

/** Host mode → attendee mode through the account menu (lands on the attendee dashboard). */
export async function switchToAttendee(page: Page): Promise<void> {
  await chooseMenuItem(page.getByRole('button', { name: 'Account menu' }), 'Switch to Attendee');
  await expect(page).toHaveURL(/\/attendee\/dashboard/);
}

/** Resolves once the service worker controls the page (it claims open pages as it activates). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
}
