import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHALLENGE_HEADER, CHALLENGE_STATUS, MSG } from '@floorfill/shared';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { spawnOwned, type OwnedProcess } from '../server/test/helpers/owned-process.ts';
import { captureScreens, createVerifiedAccount, expectAccessible, PHONE } from './support/app.ts';
import { test } from './support/test.ts';
import { logToasts } from './support/toasts.ts';

/**
 * A venue behind one address (issue 25): once the address has spent its
 * wrong-code budget, every code try from it must carry a solved proof-of-work
 * challenge (428), which the app solves by itself. A node of its own, so the
 * address made busy here does not slow the other journeys: few wrong codes
 * make it busy, and its challenges are tiny.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
/** One node per Playwright worker (repeats of this file may run on both), beside the suite's. */
const portOf = (parallelIndex: number) => Number(process.env.E2E_PORT ?? 3210) + 10 + parallelIndex;
const WRONG_CODES_PER_ADDRESS = 3;
const WRONG_CODES_PER_ACCOUNT = 3;

let baseURL: string;
let server: OwnedProcess;
let dataDir: string;
let api: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = portOf(test.info().parallelIndex);
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'floorfill-e2e-busy-'));
  server = spawnOwned('npx', ['tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_PER_MINUTE: '500',
      CODE_FAILURES_PER_ADDRESS: String(WRONG_CODES_PER_ADDRESS),
      CODE_FAILURES_BURST_PER_ADDRESS: '0',
      CODE_FAILURES_PER_ACCOUNT: String(WRONG_CODES_PER_ACCOUNT),
      // Real challenges, solved by the real solver in the browser's workers, at a cost a test pays at once.
      CHALLENGE_COST: '10',
      CHALLENGE_COUNTER: '50',
    },
  });
  await expect
    .poll(
      async () => {
        if (server.hasExited()) throw new Error(`server exited:\n${server.output()}`);
        return fetch(`${baseURL}/healthz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
  api = await playwrightRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A host signed in on `api` (cookies kept there) with an event live now; its code. */
async function liveEventCode(name: string): Promise<string> {
  return (await liveEvent(name)).code;
}

/** The same, with the event's own link (what its QR holds). */
async function liveEvent(name: string): Promise<{ code: string; url: string }> {
  const account = await createVerifiedAccount(api, 'Busy Host');
  const login = await api.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const start = new Date(Date.now() - 30 * 60_000);
  const event = await api.post('/api/v1/store-event', {
    data: {
      name,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 4.5 * 3_600_000).toISOString(),
      address: '1 Harbour Road',
      city: 'Lisbon',
      country: 'Portugal',
    },
  });
  expect(event.status(), await event.text()).toBe(201);
  return ((await event.json()) as { data: { code: string; url: string } }).data;
}

/**
 * Wrong codes from this (loopback) address, as a guesser in the room would
 * send them, until the address is busy: a code try then answers 428 with a
 * challenge instead of a refusal.
 */
async function makeAddressBusy(): Promise<void> {
  const guesser = await playwrightRequest.newContext({ baseURL });
  let status = 0;
  // Bounded: the address is busy after its budget (sooner when an earlier run made it so).
  for (let index = 0; index <= WRONG_CODES_PER_ADDRESS && status !== CHALLENGE_STATUS; index += 1) {
    const wrong = await guesser.get(`/api/v1/get-event-landing?code=WRONG${index}`);
    status = wrong.status();
    expect([404, CHALLENGE_STATUS]).toContain(status);
    if (status === CHALLENGE_STATUS) {
      const body = (await wrong.json()) as { data: { challenge?: unknown } };
      expect(body.data.challenge).toBeTruthy();
    }
  }
  expect(status).toBe(CHALLENGE_STATUS);
  await guesser.dispose();
}

/** A phone at the venue: nothing stored; the statuses of its API calls kept. */
async function phoneAtTheVenue(browser: Browser) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, reducedMotion: 'reduce' });
  await logToasts(context);
  const page = await context.newPage();
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) statuses.push(response.status());
  });
  return { context, page, statuses };
}

/**
 * Holds the calls to `pathname` that carry a solved challenge until
 * `release()`: the screen can be looked at while the person waits.
 */
async function holdSolvedCalls(page: Page, pathname: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().headers()[CHALLENGE_HEADER]) {
        held += 1;
        await released;
      }
      await route.continue();
    },
  );
  return { release, held: () => held };
}

test('a guest at a busy address joins by typed code, waiting a moment, never refused', async ({
  browser,
}) => {
  test.slow();
  const code = await liveEventCode('Dockside Social');
  await makeAddressBusy();

  const { context, page: phone, statuses } = await phoneAtTheVenue(browser);
  const landing = await holdSolvedCalls(phone, '/api/v1/get-event-landing');
  const join = await holdSolvedCalls(phone, '/api/v1/join-event');

  await phone.goto('/start');
  await expect(phone.getByRole('heading', { level: 1, name: 'Join an event' })).toBeVisible();
  await phone.getByLabel('Event code').fill(code.toLowerCase());
  await phone.getByRole('button', { name: 'Open the event' }).click();

  // The landing's lookup was challenged: a short wait while the phone proves its work.
  const wait = phone.getByRole('status').filter({ hasText: MSG.checkingDevice });
  await expect(wait).toBeVisible();
  await expect.poll(landing.held).toBe(1);
  await expectAccessible(phone);
  await captureScreens(phone, 'busy-address-landing-wait');
  await phone.setViewportSize(PHONE);
  landing.release();

  await expect(phone.getByRole('heading', { level: 1, name: 'Dockside Social' })).toBeVisible();
  await phone.getByRole('button', { name: 'Join as guest' }).click();

  // The join was challenged too: the wait shows where the guest tapped.
  await expect(phone.getByRole('button', { name: 'Join as guest' })).toHaveAttribute(
    'data-loading',
    'true',
  );
  await expect(wait).toBeVisible();
  await expect.poll(join.held).toBe(1);
  await expectAccessible(phone);
  await captureScreens(phone, 'busy-address-join-wait');
  await phone.setViewportSize(PHONE);
  join.release();

  await expect(phone).toHaveURL(/\/attendee\/event\/\d+$/);
  await expect(phone.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(wait).toHaveCount(0);
  await expectAccessible(phone);

  // Challenged, solved, let in: no refusal and no error on the way.
  expect(statuses.filter((status) => status === CHALLENGE_STATUS).length).toBeGreaterThanOrEqual(2);
  expect(statuses.filter((status) => status === 429 || status >= 500)).toEqual([]);
  await expect(phone.getByText(MSG.unexpected)).toHaveCount(0);
  await context.close();
});

test('a guest who scans the QR at a busy address joins at once, never asked for work', async ({
  browser,
}) => {
  const event = await liveEvent('Quayside Lights');
  await makeAddressBusy();
  const link = new URL(event.url);
  expect(link.searchParams.get('k')).toMatch(/^[\w-]{16}$/);

  const { context, page: phone, statuses } = await phoneAtTheVenue(browser);
  await phone.goto(`${link.pathname}${link.search}`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Quayside Lights' })).toBeVisible();
  await phone.getByRole('button', { name: 'Join as guest' }).click();
  await expect(phone).toHaveURL(/\/attendee\/event\/\d+$/);
  await expect(phone.getByRole('button', { name: 'Joined' })).toBeDisabled();
  expect(statuses.filter((status) => status === CHALLENGE_STATUS || status >= 429)).toEqual([]);
  // The same code typed at that address still meets the guard.
  const typed = await api.get(`/api/v1/get-event-landing?code=${event.code}`);
  expect(typed.status()).toBe(CHALLENGE_STATUS);
  await context.close();
});

test('a guest who keeps mistyping at a busy address is told how long to wait, not that the server is down', async ({
  browser,
}) => {
  test.slow();
  const { context, page: phone } = await phoneAtTheVenue(browser);
  const guest = await phone.request.post('/api/v1/login-as-guest', { data: {} });
  expect(guest.ok(), await guest.text()).toBe(true);

  const tryCode = async (typed: string) => {
    await phone.goto('/start');
    await phone.getByLabel('Event code').fill(typed);
    await phone.getByRole('button', { name: 'Open the event' }).click();
  };
  for (let index = 0; index < WRONG_CODES_PER_ACCOUNT; index += 1) {
    await tryCode(`NOPE${index}`);
    await expect(
      phone.getByRole('heading', { level: 1, name: 'No event with this code' }),
    ).toBeVisible();
  }
  await tryCode('NOPE9');

  await expect(
    phone.getByRole('heading', { level: 1, name: 'Wait before you try again' }),
  ).toBeVisible();
  await expect(phone.getByText(/^Too many tries — try again in \d+ (s|min)\.$/)).toBeVisible();
  await expect(phone.getByText(MSG.unexpected)).toHaveCount(0);
  await expectAccessible(phone);
  await captureScreens(phone, 'busy-address-refused');
  await context.close();
});
