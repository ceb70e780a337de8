import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAYMENT_MSG, WALLET_MSG } from '@floorfill/shared';
import { expect, request as playwrightRequest, type BrowserContext } from '@playwright/test';
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  TEST_CARDS,
  type FakeStripe,
} from '../server/test/helpers/fake-stripe.ts';
import { spawnOwned, type OwnedProcess } from '../server/test/helpers/owned-process.ts';
import {
  captureScreens,
  createVerifiedAccount,
  expectAccessible,
  sessionUserId,
  signUpAndLogIn,
  switchToAttendee,
} from './support/app.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

/**
 * Cards saved at Stripe, end to end: an app node in Stripe mode against the
 * fake Stripe API (server/test/helpers/fake-stripe.ts), and in the browser a
 * test double of Stripe.js (fixtures/stripe-js-double.js) in place of
 * js.stripe.com, which this machine cannot reach. The double sends the card
 * to "api.stripe.com", routed here to the fake; the real Stripe.js is not
 * exercised. No request to our own server may carry the card number.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3210) + 1;
const baseURL = `http://127.0.0.1:${port}`;
const STRIPE_JS_DOUBLE = path.join(import.meta.dirname, 'fixtures', 'stripe-js-double.js');
const CARD_NUMBER = /4242[\s-]?4242[\s-]?4242|4000[\s-]?0025[\s-]?0000/;

let fake: FakeStripe;
let fakeUrl: string;
let server: OwnedProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ fake, baseUrl: fakeUrl } = await startFakeStripe());
  dataDir = mkdtempSync(path.join(tmpdir(), 'floorfill-e2e-stripe-'));
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
      AUTH_RATE_LIMIT_PER_MINUTE: '500',
      JWT_SECRET: randomBytes(32).toString('hex'),
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_API_BASE_URL: fakeUrl,
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
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** js.stripe.com serves the double; api.stripe.com is the fake Stripe API. */
async function routeStripe(context: BrowserContext, stripeBodies: string[]): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ path: STRIPE_JS_DOUBLE, contentType: 'text/javascript' }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    stripeBodies.push(route.request().postData() ?? '');
    const response = await route.fetch({ url: `${fakeUrl}${url.pathname}${url.search}` });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'access-control-allow-origin': '*' },
    });
  });
}

/** A host whose Stripe account finished onboarding (at the fake), through the API. */
async function activeStripeHost(): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const host = await createVerifiedAccount(api, 'Stripe Host');
    const login = await api.post('/api/auth/login', {
      data: { email: host.email, password: host.password },
    });
    expect(login.ok()).toBe(true);
    const hostId: number = (await login.json()).data.id;
    expect((await api.post('/api/v1/connect-stripe-account', { data: {} })).ok()).toBe(true);
    const account = [...fake.accounts.values()].find(
      (candidate) => candidate.metadata.user_id === String(hostId),
    );
    if (!account) throw new Error('no Stripe account made for the host');
    fake.updateAccount(account.id, { charges_enabled: true, details_submitted: true });
    const active = await api.post('/api/v1/active-stripe-account', { data: {} });
    expect((await active.json()).data.stripe_account_status).toBe('Active');
    return hostId;
  } finally {
    await api.dispose();
  }
}

test('an attendee saves a card with Stripe Elements and tips with it, twice (once with a bank check)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const hostId = await activeStripeHost();

  const context = await browser.newContext({ baseURL });
  await logToasts(context);
  const stripeBodies: string[] = [];
  await routeStripe(context, stripeBodies);
  const page = await context.newPage();
  const ourBodies: string[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (body && request.url().startsWith(baseURL)) ourBodies.push(body);
  });

  await signUpAndLogIn(page, 'Tia Tipper');
  await switchToAttendee(page);
  expect(await sessionUserId(page)).toBeGreaterThan(0);

  // The wallet: Stripe's card field (here the double's input), saved at Stripe.
  await page.goto('/attendee/profile/edit');
  await expect(page.getByText('Your card is saved by Stripe', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'saved-card-form');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expectToast(page, WALLET_MSG.cardSavedAtStripe);
  const expiry = `12/${String(new Date().getUTCFullYear() + 3).slice(2)}`;
  await expect(page.getByText(`Visa •••• 4242, expires ${expiry}`)).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'saved-card-wallet');

  // A tip with the saved card, without leaving the page.
  await page.goto(`/attendee/host-profile/${hostId}`);
  await page.getByRole('button', { name: 'SEND TIP' }).click();
  const dialog = page.getByRole('dialog', { name: 'TIP THE HOST' });
  await dialog.getByText('$2', { exact: true }).click();
  const payWithCard = dialog.getByRole('button', { name: 'Pay with Visa •••• 4242' });
  await expect(payWithCard).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'saved-card-tip');
  await payWithCard.click();
  await expectToast(page, PAYMENT_MSG.savedCardTipPaid);
  await expect(dialog).toBeHidden();
  expect([...fake.paymentIntents.values()].map((intent) => intent.status)).toEqual(['succeeded']);

  // A card whose bank wants a check: Stripe.js confirms, then the app asks Stripe.
  await page.goto('/attendee/profile/edit');
  await page.getByRole('button', { name: 'Replace card' }).click();
  await page.getByLabel('Card number').fill(TEST_CARDS.authenticationRequired);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText(`Visa •••• 3155, expires ${expiry}`)).toBeVisible();
  await page.goto(`/attendee/host-profile/${hostId}`);
  await page.getByRole('button', { name: 'SEND TIP' }).click();
  await dialog.getByRole('button', { name: 'Pay with Visa •••• 3155' }).click();
  await expectToast(page, PAYMENT_MSG.savedCardTipPaid);
  expect([...fake.paymentIntents.values()].map((intent) => intent.status)).toEqual([
    'succeeded',
    'succeeded',
  ]);

  // The card went to Stripe, never to us.
  expect(stripeBodies.some((body) => CARD_NUMBER.test(body))).toBe(true);
  expect(ourBodies.length).toBeGreaterThan(0);
  for (const body of ourBodies) expect(body).not.toMatch(CARD_NUMBER);
  await context.close();
});
