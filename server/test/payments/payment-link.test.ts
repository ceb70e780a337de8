import { EVENT_MSG, MSG, PAYMENT_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertEvent,
  joinEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { at } from '../helpers/fake-stripe.ts';
import {
  activeStripeHost,
  allTips,
  connect,
  createPaymentLink,
  createStripeTestApp,
  sessionIdOfUrl,
  tipBySession,
  type StripeTestApp,
} from './payment-fixtures.ts';

let s: StripeTestApp;
let host: SignedIn & { accountId: string };
let attendee: SignedIn;
/** Link requests are rate limited per caller: the amount tables ask as someone else. */
let amountTester: SignedIn;
beforeAll(async () => {
  s = await createStripeTestApp({ STRIPE_PLATFORM_FEE_PERCENT: '10' });
  host = await activeStripeHost(s, 'Dana DJ');
  attendee = await signIn(s.t, { name: 'Alex Attendee', defaultLogin: 3 });
  amountTester = await signIn(s.t, { defaultLogin: 3 });
});
afterAll(async () => {
  await s.close();
});

function sessionRequest(sessionId: string) {
  const index = [...s.fake.sessions.keys()].indexOf(sessionId);
  const request = s.fake.requestsTo('POST', '/v1/checkout/sessions')[index];
  if (!request) throw new Error(`no request for ${sessionId}`);
  return request;
}

describe('create-payment-link (Stripe mode)', () => {
  it('opens a Checkout Session paying the host, with the fee, and stores a pending tip', async () => {
    const event = await insertEvent(s.t, host.id, { name: 'Rooftop Set' });
    await joinEvent(s.t, event.id, attendee.id);
    const res = await createPaymentLink(s.t, attendee, {
      hostId: String(host.id),
      eventId: String(event.id),
      amount: '7.50',
      attendee_id: String(attendee.id),
      attendee_name: 'Whatever The Client Says',
      attendee_type: '3',
      return_path: `/attendee/event/${event.id}?tab=requests`,
    });

    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(res.json().data.status).toBe(true);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const sessionId = sessionIdOfUrl(url);
    const tip = await tipBySession(s.t, sessionId);
    expect(tip).toMatchObject({
      host_id: host.id,
      event_id: event.id,
      attendee_id: attendee.id,
      attendee_name: 'Alex Attendee',
      attendee_type: 3,
      amount_cents: 750,
      platform_fee_cents: 75,
      currency: 'usd',
      status: 'pending',
      is_demo: false,
      paid_at: null,
    });

    const sent = sessionRequest(sessionId).body;
    expect(sent).toMatchObject({
      mode: 'payment',
      client_reference_id: String(tip.id),
      metadata: { tip_id: String(tip.id) },
      payment_intent_data: {
        application_fee_amount: '75',
        transfer_data: { destination: host.accountId },
        metadata: { tip_id: String(tip.id) },
      },
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '750',
            product_data: { name: 'Tip for Dana DJ', description: 'Rooftop Set' },
          },
        },
      ],
    });
    expect(at(sent, 'success_url')).toBe(
      `http://localhost:3000/attendee/event/${event.id}?tab=requests&tip=success`,
    );
    expect(at(sent, 'cancel_url')).toBe(
      `http://localhost:3000/attendee/event/${event.id}?tab=requests&tip=cancelled`,
    );
    const request = s.fake.requestsTo('POST', '/v1/checkout/sessions').at(-1);
    expect(request?.idempotencyKey).toBe(`floorfill-tip-${tip.id}`);
  });

  it('returns to the host profile when no page is given', async () => {
    const res = await createPaymentLink(s.t, attendee, { host_id: host.id, amount: 2 });
    expect(res.statusCode).toBe(200);
    const sent = sessionRequest(sessionIdOfUrl(res.json().data.url)).body;
    expect(at(sent, 'success_url')).toBe(
      `http://localhost:3000/attendee/host-profile/${host.id}?tip=success`,
    );
    expect(at(sent, 'payment_intent_data', 'transfer_data', 'destination')).toBe(host.accountId);
  });

  it.each([
    ['0.99', MSG.tipMin],
    ['0', MSG.tipMin],
    ['-5', MSG.tipMin],
    ['100.01', MSG.tipMax],
    ['1000', MSG.tipMax],
    ['1.234', MSG.tipDecimals],
    ['abc', PAYMENT_MSG.amountInvalid],
    ['1e3', PAYMENT_MSG.amountInvalid],
    ['', MSG.fieldRequired],
  ])('refuses %j with %j and stores nothing', async (amount, message) => {
    const before = (await allTips(s.t)).length;
    const res = await createPaymentLink(s.t, amountTester, { host_id: host.id, amount });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ amount: [message] });
    expect((await allTips(s.t)).length).toBe(before);
  });

  it.each([
    ['1', 100],
    ['100', 10000],
    ['7.50', 750],
    ['  5 ', 500],
    ['0.1e1', null],
    ['19.99', 1999],
    [4.1, 410],
  ])('takes %j as %j cents', async (amount, cents) => {
    const res = await createPaymentLink(s.t, amountTester, { host_id: host.id, amount });
    if (cents === null) {
      expect(res.statusCode).toBe(422);
      return;
    }
    expect(res.statusCode).toBe(200);
    const tip = await tipBySession(s.t, sessionIdOfUrl(res.json().data.url));
    expect(tip.amount_cents).toBe(cents);
    const sent = sessionRequest(tip.checkout_session_id).body;
    expect(at(sent, 'line_items', 0, 'price_data', 'unit_amount')).toBe(String(cents));
  });

  it('refuses a host who has not finished connecting', async () => {
    const pendingHost = await signIn(s.t);
    await connect(s.t, pendingHost);
    const neverConnected = await signIn(s.t);
    for (const target of [pendingHost, neverConnected]) {
      const res = await createPaymentLink(s.t, attendee, { host_id: target.id, amount: '5' });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(PAYMENT_MSG.hostCannotReceive);
    }
  });

  it('refuses a host connected only in demo mode', async () => {
    const demoHost = await signIn(s.t);
    await s.t.ctx.db
      .updateTable('users')
      .set({ stripe_account_status: 'Active', stripe_account_is_demo: true })
      .where('id', '=', demoHost.id)
      .execute();
    const res = await createPaymentLink(s.t, attendee, { host_id: demoHost.id, amount: '5' });
    expect(res.statusCode).toBe(409);
  });

  it('refuses an unknown host, a guest as host, and tipping yourself', async () => {
    const unknown = await createPaymentLink(s.t, attendee, { host_id: 999999, amount: '5' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(PAYMENT_MSG.hostNotFound);
    const guest = await signInGuest(s.t);
    expect(
      (await createPaymentLink(s.t, attendee, { host_id: guest.id, amount: '5' })).statusCode,
    ).toBe(404);
    const self = await createPaymentLink(s.t, host, { host_id: host.id, amount: '5' });
    expect(self.statusCode).toBe(403);
    expect(self.json().msg).toBe(PAYMENT_MSG.selfTip);
  });

  it('refuses a deleted event and an event of another host', async () => {
    const deleted = await insertEvent(s.t, host.id);
    await s.t.ctx.db
      .updateTable('events')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted.id)
      .execute();
    const otherHost = await signIn(s.t);
    const foreign = await insertEvent(s.t, otherHost.id);
    const before = s.fake.requestsTo('POST', '/v1/checkout/sessions').length;

    for (const eventId of [deleted.id, foreign.id, 999999]) {
      const res = await createPaymentLink(s.t, attendee, {
        host_id: host.id,
        event_id: eventId,
        amount: '5',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(EVENT_MSG.notFound);
    }
    expect(s.fake.requestsTo('POST', '/v1/checkout/sessions').length).toBe(before);
  });

  it.each([
    '//evil.example/attendee/event/1',
    'https://evil.example/attendee/event/1',
    '/host/dashboard',
    '/attendee/../host/dashboard',
    '/attendee\\evil',
    'attendee/event/1',
    'javascript:alert(1)',
  ])('refuses the return page %j (no open redirect)', async (returnPath) => {
    const res = await createPaymentLink(s.t, attendee, {
      host_id: host.id,
      amount: '5',
      return_path: returnPath,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['return_path']);
  });

  it('lets a guest tip (attendee type 4)', async () => {
    const guest = await signInGuest(s.t);
    const res = await createPaymentLink(s.t, guest, {
      host_id: host.id,
      amount: '2',
      attendee_type: 3,
    });
    expect(res.statusCode).toBe(200);
    const tip = await tipBySession(s.t, sessionIdOfUrl(res.json().data.url));
    expect(tip).toMatchObject({ attendee_id: guest.id, attendee_type: 4 });
  });

  it('takes identity from the session only', async () => {
    const res = await createPaymentLink(s.t, attendee, {
      host_id: host.id,
      amount: '5',
      attendee_id: host.id,
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/create-payment-link',
      payload: { host_id: host.id, amount: '5' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores no tip when Stripe fails, and says to try again', async () => {
    const before = (await allTips(s.t)).length;
    s.fake.failNext(/^\/v1\/checkout\/sessions$/, 500, 3);
    const res = await createPaymentLink(s.t, attendee, { host_id: host.id, amount: '5' });
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe(PAYMENT_MSG.stripeUnavailable);
    expect((await allTips(s.t)).length).toBe(before);
  });

  it('reads a multipart form as the spec client sends it', async () => {
    const form = new FormData();
    form.append('hostId', String(host.id));
    form.append('amount', '5');
    form.append('eventId', '');
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/create-payment-link',
      payload: form,
      headers: attendee.headers,
    });
    expect(res.statusCode).toBe(200);
    const tip = await tipBySession(s.t, sessionIdOfUrl(res.json().data.url));
    expect(tip).toMatchObject({ amount_cents: 500, event_id: null });
  });
});
