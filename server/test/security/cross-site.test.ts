import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_MSG } from '../../src/http/same-origin.ts';
import { STRIPE_WEBHOOK_PATH } from '../../src/payments/webhook.routes.ts';
import { eventForm, multipartForm, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { createMember, TEST_PASSWORD } from '../helpers/factories.ts';
import { connectSocket, listenOnLoopback } from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Login CSRF and cross-site writes: a page on another site that posts to the
 * API with the visitor's cookie is refused before the route runs, whatever
 * the body's encoding; the app's own pages, API clients and Stripe's webhook
 * are not.
 */
describe('state-changing requests from another site', () => {
  let t: TestApp;
  let host: SignedIn;
  let email: string;
  const OWN = 'http://localhost:3000';
  const EVIL = 'https://evil.example';

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: OWN });
    const member = await createMember(t, { name: 'Victim Host' });
    email = member.email;
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email, password: TEST_PASSWORD },
    });

  it('refuses a login posted from another site: no session cookie for the attacker’s account', async () => {
    const attempts: Array<Record<string, string>> = [
      { origin: EVIL },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:3000.evil.example' },
    ];
    for (const headers of attempts) {
      const res = await login(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ status: false, msg: CROSS_SITE_MSG });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('lets the app’s own pages, the same app by another address, and API clients sign in', async () => {
    expect((await login({ origin: OWN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    // The venue's laptop opened by its LAN address: the request's own origin.
    expect((await login({ origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
    expect((await login({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    // A form posted from one of its own pages under Referrer-Policy: no-referrer (the demo checkout).
    expect((await login({ origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('refuses a cross-site multipart form sent with the host’s session, and writes nothing', async () => {
    const before = await t.ctx.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store-event',
      payload: multipartForm(eventForm({ name: 'Forged Night' })),
      headers: { ...host.headers, origin: EVIL },
    });
    expect(res.statusCode).toBe(403);
    const after = await t.ctx.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // The same form from the app's own page is taken: the refusal was the origin's.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store-event',
      payload: multipartForm(eventForm({ name: 'Real Night' })),
      headers: { ...host.headers, origin: OWN },
    });
    expect(own.statusCode).toBe(201);
  });

  it('lets Stripe’s webhook through to its signature check', async () => {
    // The webhook exists in Stripe mode; building the client calls nothing.
    const stripeApp = await createTestApp({
      PUBLIC_URL: OWN,
      STRIPE_SECRET_KEY: 'sk_test_crosssite',
      STRIPE_WEBHOOK_SECRET: 'whsec_crosssite',
    });
    try {
      const res = await stripeApp.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: {
          origin: EVIL,
          'content-type': 'application/json',
          'stripe-signature': 't=1,v1=x',
        },
        payload: '{}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).not.toBe(CROSS_SITE_MSG);
    } finally {
      await stripeApp.close();
    }
  });

  it('refuses a WebSocket opened by another site’s page, and takes the app’s own', async () => {
    const baseUrl = await listenOnLoopback(t.app);
    const token = host.headers.authorization?.replace('Bearer ', '') ?? '';
    const { io } = await import('socket.io-client');
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = io(baseUrl, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token },
          extraHeaders: { origin },
        });
        socket.once('connect', () => {
          socket.disconnect();
          resolve('connected');
        });
        socket.once('connect_error', () => {
          socket.disconnect();
          resolve('refused');
        });
      });
    expect(await open(EVIL)).toBe('refused');
    expect(await open(OWN)).toBe('connected');
    // The test client without an Origin (not a browser) still connects.
    const plain = connectSocket(baseUrl, { token });
    await new Promise<void>((resolve, reject) => {
      plain.once('connect', () => resolve());
      plain.once('connect_error', reject);
    });
    plain.disconnect();
  });
});
