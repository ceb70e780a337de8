import { PAYMENT_MSG, STRIPE_CONNECT_RETRY_PATH } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInGuest } from '../helpers/event-factories.ts';
import { at } from '../helpers/fake-stripe.ts';
import { accountUpdatedEvent, deliverWebhook } from '../helpers/stripe-webhooks.ts';
import {
  accountIdOf,
  activate,
  activeStripeHost,
  connect,
  createStripeTestApp,
  type StripeTestApp,
} from './payment-fixtures.ts';

/** Events on connected accounts (account.updated) come from a Connect endpoint with its own secret. */
const CONNECT_SECRET = 'whsec_connectendpointsecret';

let s: StripeTestApp;
beforeAll(async () => {
  s = await createStripeTestApp({ STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET });
});
afterAll(async () => {
  await s.close();
});

async function statusOf(userId: number) {
  return s.t.ctx.db
    .selectFrom('users')
    .select(['stripe_account_status', 'stripe_account_is_demo'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('connect-stripe-account (Stripe mode)', () => {
  it('creates an Express account for the host and answers its onboarding link', async () => {
    const host = await signIn(s.t);
    const res = await connect(s.t, host, { user_id: String(host.id) });

    expect(res.statusCode).toBe(200);
    const data = res.json().data as { status: boolean; url: string };
    expect(data.status).toBe(true);
    expect(data.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);

    const accountId = await accountIdOf(s.t, host.id);
    const [created] = s.fake
      .requestsTo('POST', '/v1/accounts')
      .filter((request) => at(request.body, 'metadata', 'user_id') === String(host.id));
    expect(created?.body).toMatchObject({
      type: 'express',
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
    });
    expect(at(created?.body, 'email')).toMatch(/@example\.com$/);

    const links = s.fake
      .requestsTo('POST', '/v1/account_links')
      .filter((request) => at(request.body, 'account') === accountId);
    expect(links).toHaveLength(1);
    expect(links[0]?.body).toMatchObject({
      type: 'account_onboarding',
      return_url: 'http://localhost:3000/host/stripe/connect/success',
    });
    expect(at(links[0]?.body, 'refresh_url')).toMatch(
      /^http:\/\/localhost:3000\/api\/stripe\/connect\/refresh\?token=/,
    );
    expect(await statusOf(host.id)).toEqual({
      stripe_account_status: 'Pending',
      stripe_account_is_demo: false,
    });
  });

  it('reuses the same account when the host connects again', async () => {
    const host = await signIn(s.t);
    await connect(s.t, host);
    const first = await accountIdOf(s.t, host.id);
    const again = await connect(s.t, host);

    expect(again.statusCode).toBe(200);
    expect(await accountIdOf(s.t, host.id)).toBe(first);
    const created = s.fake
      .requestsTo('POST', '/v1/accounts')
      .filter((request) => at(request.body, 'metadata', 'user_id') === String(host.id));
    expect(created).toHaveLength(1);
  });

  it('two connects at once link one account', async () => {
    const host = await signIn(s.t);
    const answers = await Promise.all([connect(s.t, host), connect(s.t, host)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const accountId = await accountIdOf(s.t, host.id);
    const accounts = [...s.fake.accounts.values()].filter(
      (account) => account.metadata.user_id === String(host.id),
    );
    expect(accounts.map((account) => account.id)).toEqual([accountId]);
  });

  it('refuses another user id, guests and callers without a session', async () => {
    const host = await signIn(s.t);
    const other = await signIn(s.t);
    expect((await connect(s.t, host, { user_id: other.id })).statusCode).toBe(403);
    const guest = await signInGuest(s.t);
    const asGuest = await connect(s.t, guest);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().msg).toBe('Please register first!');
    const anonymous = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/connect-stripe-account',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a Stripe outage as a retryable failure with `message` for the connect screen', async () => {
    const host = await signIn(s.t);
    // Stripe's SDK retries a 5xx twice; all three tries fail.
    s.fake.failNext(/^\/v1\/accounts$/, 500, 3);
    const res = await connect(s.t, host);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      status: false,
      msg: PAYMENT_MSG.stripeUnavailable,
      message: PAYMENT_MSG.stripeUnavailable,
    });
    expect(await statusOf(host.id)).toEqual({
      stripe_account_status: null,
      stripe_account_is_demo: false,
    });
  });
});

describe('active-stripe-account (Stripe mode)', () => {
  it('stays Pending until Stripe enables charges, then turns Active', async () => {
    const host = await signIn(s.t);
    await connect(s.t, host);
    const accountId = await accountIdOf(s.t, host.id);

    const pending = await activate(s.t, host);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toEqual({ stripe_account_status: 'Pending' });

    s.fake.updateAccount(accountId, { charges_enabled: true, details_submitted: true });
    const active = await activate(s.t, host);
    expect(active.json().data).toEqual({ stripe_account_status: 'Active' });
    expect((await statusOf(host.id)).stripe_account_status).toBe('Active');

    // The dashboard calls it on every start: asking again changes nothing.
    expect((await activate(s.t, host)).json().data).toEqual({ stripe_account_status: 'Active' });
    expect(s.fake.requestsTo('GET', `/v1/accounts/${accountId}`).length).toBe(3);
  });

  it('answers null without asking Stripe when the host never connected', async () => {
    const host = await signIn(s.t);
    const before = s.fake.requests.length;
    const res = await activate(s.t, host);
    expect(res.json().data).toEqual({ stripe_account_status: null });
    expect(s.fake.requests.length).toBe(before);
  });

  it('drops a connection made in demo mode: it means nothing at Stripe', async () => {
    const host = await signIn(s.t);
    await s.t.ctx.db
      .updateTable('users')
      .set({ stripe_account_status: 'Active', stripe_account_is_demo: true })
      .where('id', '=', host.id)
      .execute();
    const res = await activate(s.t, host);
    expect(res.json().data).toEqual({ stripe_account_status: null });
    expect(await statusOf(host.id)).toEqual({
      stripe_account_status: null,
      stripe_account_is_demo: false,
    });
  });

  it('goes back to Pending when Stripe restricts the account (account.updated)', async () => {
    const host = await activeStripeHost(s);
    const restricted = s.fake.updateAccount(host.accountId, { charges_enabled: false });
    const event = accountUpdatedEvent(restricted);
    const wrongSecret = await deliverWebhook(s.t, event, { secret: 'whsec_someoneelse' });
    expect(wrongSecret.statusCode).toBe(400);
    const res = await deliverWebhook(s.t, event, { secret: CONNECT_SECRET });
    expect(res.statusCode).toBe(200);
    await s.t.ctx.queue.idle();
    expect((await statusOf(host.id)).stripe_account_status).toBe('Pending');
  });

  it('trusts Stripe over a late, older account.updated event', async () => {
    const host = await activeStripeHost(s);
    // An event from before onboarding finished arrives last.
    const stale = accountUpdatedEvent({
      ...s.fake.updateAccount(host.accountId, {}),
      charges_enabled: false,
    });
    await deliverWebhook(s.t, stale, { secret: CONNECT_SECRET });
    await s.t.ctx.queue.idle();
    expect((await statusOf(host.id)).stripe_account_status).toBe('Active');
  });
});

describe('onboarding refresh URL', () => {
  async function refreshUrlOf(hostId: number): Promise<string> {
    const accountId = await accountIdOf(s.t, hostId);
    const links = s.fake
      .requestsTo('POST', '/v1/account_links')
      .filter((request) => at(request.body, 'account') === accountId);
    const refresh = at(links.at(-1)?.body, 'refresh_url');
    if (typeof refresh !== 'string') throw new Error('no refresh_url sent');
    return refresh;
  }

  it('sends an expired link to a fresh one for the same account', async () => {
    const host = await signIn(s.t);
    const first = (await connect(s.t, host)).json().data.url as string;
    const refreshUrl = new URL(await refreshUrlOf(host.id));

    // Stripe redirects the browser from its own site: no session cookie comes along.
    const res = await s.t.app.inject({
      method: 'GET',
      url: refreshUrl.pathname + refreshUrl.search,
    });

    expect(res.statusCode).toBe(303);
    const fresh = res.headers.location;
    expect(fresh).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
    expect(fresh).not.toBe(first);
    const accountId = await accountIdOf(s.t, host.id);
    expect(fresh).toContain(accountId);
  });

  it('sends a forged or tampered token back to the wallet tab, without asking Stripe', async () => {
    const host = await signIn(s.t);
    await connect(s.t, host);
    const refreshUrl = new URL(await refreshUrlOf(host.id));
    const token = refreshUrl.searchParams.get('token') ?? '';
    const other = await signIn(s.t);
    const forged = token.replace(/^\d+/, String(other.id));
    const before = s.fake.requests.length;

    for (const bad of [forged, 'nonsense', '']) {
      const res = await s.t.app.inject({
        method: 'GET',
        url: `/api/stripe/connect/refresh?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`http://localhost:3000${STRIPE_CONNECT_RETRY_PATH}`);
    }
    expect(s.fake.requests.length).toBe(before);
  });
});
