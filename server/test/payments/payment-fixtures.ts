import type { LightMyRequestResponse } from 'fastify';
import type { RawEnv } from '../../src/config.ts';
import { signIn, type SignedIn } from '../helpers/event-factories.ts';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../helpers/fake-stripe.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Builders for the payments tests: an app on the Stripe fake, connected hosts, payment links. */

export interface StripeTestApp {
  t: TestApp;
  fake: FakeStripe;
  close(): Promise<void>;
}

/** The real app in Stripe mode, its SDK pointed at a fresh fake Stripe. */
export async function createStripeTestApp(env: RawEnv = {}): Promise<StripeTestApp> {
  const { fake, baseUrl } = await startFakeStripe();
  const t = await createTestApp({
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: baseUrl,
    ...env,
  });
  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.stop();
    },
  };
}

export function connect(t: TestApp, host: SignedIn, body: Record<string, unknown> = {}) {
  return post(t, '/api/v1/connect-stripe-account', body, host.headers);
}

export function activate(t: TestApp, host: SignedIn, body: Record<string, unknown> = {}) {
  return post(t, '/api/v1/active-stripe-account', body, host.headers);
}

export function createPaymentLink(
  t: TestApp,
  who: SignedIn,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return post(t, '/api/v1/create-payment-link', body, who.headers);
}

/** The Stripe account the app linked to this user. */
export async function accountIdOf(t: TestApp, userId: number): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('users')
    .select('stripe_account_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!row.stripe_account_id) throw new Error(`user ${userId} has no Stripe account`);
  return row.stripe_account_id;
}

/** A host who finished Stripe onboarding: connected, charges enabled, status Active. */
export async function activeStripeHost(
  s: StripeTestApp,
  name = 'Dana DJ',
): Promise<SignedIn & { accountId: string }> {
  const host = await signIn(s.t, { name });
  const connected = await connect(s.t, host);
  if (connected.statusCode !== 200) throw new Error(`connect failed: ${connected.body}`);
  const accountId = await accountIdOf(s.t, host.id);
  s.fake.updateAccount(accountId, { charges_enabled: true, details_submitted: true });
  const activated = await activate(s.t, host);
  if (activated.json().data?.stripe_account_status !== 'Active') {
    throw new Error(`activation failed: ${activated.body}`);
  }
  return { ...host, accountId };
}

/** A demo-connected host (demo payments: no Stripe keys). */
export async function activeDemoHost(t: TestApp, name = 'Dana DJ'): Promise<SignedIn> {
  const host = await signIn(t, { name });
  const connected = await connect(t, host);
  if (connected.statusCode !== 200) throw new Error(`demo connect failed: ${connected.body}`);
  return host;
}

export async function tipBySession(t: TestApp, checkoutSessionId: string) {
  return t.ctx.db
    .selectFrom('tips')
    .selectAll()
    .where('checkout_session_id', '=', checkoutSessionId)
    .executeTakeFirstOrThrow();
}

export async function allTips(t: TestApp) {
  return t.ctx.db.selectFrom('tips').selectAll().orderBy('id').execute();
}

export async function processedEvents(t: TestApp) {
  return t.ctx.db.selectFrom('processed_webhook_events').selectAll().execute();
}

/** The session token a signed-in test user sends, for a socket handshake. */
export function bearerToken(who: SignedIn): string {
  const token = who.headers.authorization?.replace(/^Bearer /, '');
  if (!token) throw new Error('not signed in with a bearer token');
  return token;
}

/** The checkout session id in a Stripe Checkout URL the fake made. */
export function sessionIdOfUrl(url: string): string {
  const id = url.split('/').pop();
  if (!id) throw new Error(`no session id in ${url}`);
  return id;
}
