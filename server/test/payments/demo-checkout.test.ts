import { PAYMENT_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, joinEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { connected, connectSocket, listenOnLoopback, nextPush } from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  activate,
  activeDemoHost,
  bearerToken,
  connect,
  createPaymentLink,
  createStripeTestApp,
  tipBySession,
  type StripeTestApp,
} from './payment-fixtures.ts';

/** Demo payments: the embedded default, no Stripe keys. */
let t: TestApp;
let host: SignedIn;
let attendee: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  host = await activeDemoHost(t, 'Dana <DJ> & "Friends"');
  attendee = await signIn(t, { name: 'Alex Attendee', defaultLogin: 3 });
});
afterAll(async () => {
  await t.close();
});

async function demoLink(body: Record<string, unknown> = {}) {
  const res = await createPaymentLink(t, attendee, { host_id: host.id, amount: '5', ...body });
  if (res.statusCode !== 200) throw new Error(`payment link failed: ${res.body}`);
  const url = new URL(res.json().data.url as string);
  const checkoutId = url.pathname.split('/').pop() ?? '';
  return { url, checkoutId, path: url.pathname };
}

describe('demo payments', () => {
  it('connects a host at once as a demo account, and keeps it Active', async () => {
    const fresh = await signIn(t);
    const res = await connect(t, fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      msg: PAYMENT_MSG.connectDemo,
      data: { status: true, url: 'http://localhost:3000/host/stripe/connect/success' },
    });
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['stripe_account_status', 'stripe_account_is_demo', 'stripe_account_id'])
      .where('id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      stripe_account_status: 'Active',
      stripe_account_is_demo: true,
      stripe_account_id: null,
    });
    expect((await activate(t, fresh)).json().data).toEqual({ stripe_account_status: 'Active' });
  });

  it('does not connect a host who never asked to', async () => {
    const fresh = await signIn(t);
    expect((await activate(t, fresh)).json().data).toEqual({ stripe_account_status: null });
  });

  it('answers a local checkout page as the payment link and stores a pending demo tip', async () => {
    const event = await insertEvent(t, host.id, { name: 'Late <Night> Set' });
    await joinEvent(t, event.id, attendee.id);
    const { url, checkoutId } = await demoLink({ event_id: event.id, amount: '7.5' });
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toMatch(/^\/demo\/checkout\/demo_cs_[\w-]+$/);
    const tip = await tipBySession(t, checkoutId);
    expect(tip).toMatchObject({ status: 'pending', is_demo: true, amount_cents: 750 });

    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('DEMO — no real payment');
    expect(page.body).toContain('$7.50');
    expect(page.body).toContain('Dana &lt;DJ&gt; &amp; &quot;Friends&quot;');
    expect(page.body).toContain('Late &lt;Night&gt; Set');
    expect(page.body).not.toContain('<DJ>');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain(`action="${url.pathname}/pay"`);
    expect(page.body).toContain(`action="${url.pathname}/cancel"`);
    // The app's CSP lets the page use its inline styles and post its forms to this origin.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("form-action 'self'");
    expect(page.body).not.toMatch(/<script/i);
  });

  it('Pay completes the tip through the payment events, pushes tip:paid, and returns', async () => {
    const event = await insertEvent(t, host.id);
    await joinEvent(t, event.id, attendee.id);
    const { path, checkoutId } = await demoLink({
      event_id: event.id,
      amount: '12',
      return_path: `/attendee/event/${event.id}?from=qr`,
    });
    const baseUrl = await listenOnLoopback(t.app);
    const socket = connectSocket(baseUrl, { token: bearerToken(host) });
    try {
      await connected(socket);
      const push = nextPush(socket, 'tip:paid');
      const res = await t.app.inject({
        method: 'POST',
        url: `${path}/pay`,
        payload: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(
        `http://localhost:3000/attendee/event/${event.id}?from=qr&tip=success`,
      );
      const tip = await tipBySession(t, checkoutId);
      expect(tip.status).toBe('paid');
      expect(tip.paid_at).toBeInstanceOf(Date);
      expect(tip.payment_intent_id).toMatch(/^demo_pi_/);
      expect(await push).toEqual({
        tipId: tip.id,
        amountCents: 1200,
        attendeeName: 'Alex Attendee',
        eventId: event.id,
      });
      const recorded = await t.ctx.db
        .selectFrom('processed_webhook_events')
        .select(['id', 'type'])
        .where('id', 'like', 'demo_evt_%')
        .execute();
      expect(recorded.some((row) => row.type === 'checkout.session.completed')).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('paying twice pays once, and the page then says it is paid', async () => {
    const { path, checkoutId } = await demoLink();
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'POST', url: `${path}/pay` }),
      t.app.inject({ method: 'POST', url: `${path}/pay` }),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([303, 303]);
    expect((await tipBySession(t, checkoutId)).status).toBe('paid');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('This tip has been paid.');
    expect(page.body).not.toContain('/pay"');
  });

  it('Cancel expires the tip and returns with tip=cancelled; paying afterwards does not pay', async () => {
    const { path, checkoutId } = await demoLink();
    const cancelled = await t.app.inject({ method: 'POST', url: `${path}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(
      `http://localhost:3000/attendee/host-profile/${host.id}?tip=cancelled`,
    );
    expect((await tipBySession(t, checkoutId)).status).toBe('expired');

    const late = await t.app.inject({ method: 'POST', url: `${path}/pay` });
    expect(late.headers.location).toContain('tip=cancelled');
    expect((await tipBySession(t, checkoutId)).status).toBe('expired');
  });

  it('answers 404 for an unknown checkout', async () => {
    for (const url of ['/demo/checkout/demo_cs_doesnotexistatall000', '/demo/checkout/not-an-id']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `${url}/pay` })).statusCode).toBe(404);
    }
  });

  it('has no webhook endpoint', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('demo checkout with Stripe keys set', () => {
  let s: StripeTestApp;
  beforeAll(async () => {
    s = await createStripeTestApp();
  });
  afterAll(async () => {
    await s.close();
  });

  it('is not there (404), even for a demo tip left from demo mode', async () => {
    const demoHost = await signIn(s.t);
    await s.t.ctx.db
      .insertInto('tips')
      .values({
        checkout_session_id: 'demo_cs_leftoverfromdemomode000',
        host_id: demoHost.id,
        attendee_type: 3,
        amount_cents: 500,
        status: 'pending',
        is_demo: true,
        return_path: '/attendee/dashboard',
      })
      .execute();
    const path = '/demo/checkout/demo_cs_leftoverfromdemomode000';
    expect((await s.t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await s.t.app.inject({ method: 'POST', url: `${path}/pay` })).statusCode).toBe(404);
    const tip = await tipBySession(s.t, 'demo_cs_leftoverfromdemomode000');
    expect(tip.status).toBe('pending');
  });
});
