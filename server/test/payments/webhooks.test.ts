import { PAYMENT_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPaymentEvent } from '../../src/payments/apply-payment-event.ts';
import { toPaymentEvent } from '../../src/payments/payment-events.ts';
import { insertEvent, joinEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { connected, connectSocket, listenOnLoopback, nextPush } from '../helpers/socket-client.ts';
import {
  chargeRefundedEvent,
  checkoutEvent,
  deliverWebhook,
  signedHeader,
  stripeEvent,
} from '../helpers/stripe-webhooks.ts';
import {
  activeStripeHost,
  bearerToken,
  createPaymentLink,
  createStripeTestApp,
  processedEvents,
  sessionIdOfUrl,
  tipBySession,
  type StripeTestApp,
} from './payment-fixtures.ts';
import type Stripe from 'stripe';

let s: StripeTestApp;
let host: SignedIn & { accountId: string };
let attendee: SignedIn;
beforeAll(async () => {
  s = await createStripeTestApp();
  host = await activeStripeHost(s);
  attendee = await signIn(s.t, { name: 'Alex Attendee', defaultLogin: 3 });
});
afterAll(async () => {
  await s.close();
});

/** A pending tip and its Checkout Session at the fake. */
async function pendingTip(amount = '5', eventId?: number) {
  const res = await createPaymentLink(s.t, attendee, {
    host_id: host.id,
    amount,
    ...(eventId ? { event_id: eventId } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`payment link failed: ${res.body}`);
  const sessionId = sessionIdOfUrl(res.json().data.url);
  return { sessionId, tip: await tipBySession(s.t, sessionId) };
}

async function deliverAndSettle(event: ReturnType<typeof stripeEvent>) {
  const res = await deliverWebhook(s.t, event);
  expect(res.statusCode).toBe(200);
  await s.t.ctx.queue.idle();
}

async function wasProcessed(eventId: string): Promise<boolean> {
  return (await processedEvents(s.t)).some((row) => row.id === eventId);
}

describe('POST /api/stripe/webhook', () => {
  it('marks a tip paid when its session completes', async () => {
    const { sessionId } = await pendingTip('7.50');
    const completed = s.fake.completeSession(sessionId);
    const event = checkoutEvent('checkout.session.completed', completed);

    await deliverAndSettle(event);

    const tip = await tipBySession(s.t, sessionId);
    expect(tip.status).toBe('paid');
    expect(tip.paid_at).toBeInstanceOf(Date);
    expect(tip.payment_intent_id).toBe(completed.payment_intent);
    expect(await wasProcessed(event.id)).toBe(true);
  });

  it('refuses a bad signature and records nothing', async () => {
    const { sessionId } = await pendingTip();
    const event = checkoutEvent('checkout.session.completed', s.fake.completeSession(sessionId));
    const payload = JSON.stringify(event);

    const forged = await deliverWebhook(s.t, event, { secret: 'whsec_not_the_right_one' });
    const tampered = await s.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: payload.replace('"paid"', '"paid" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': signedHeader(payload) },
    });
    const unsigned = await s.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    await s.t.ctx.queue.idle();

    for (const res of [forged, tampered, unsigned]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, msg: PAYMENT_MSG.webhookSignature });
    }
    expect((await tipBySession(s.t, sessionId)).status).toBe('pending');
    expect(await wasProcessed(event.id)).toBe(false);
  });

  it('pays a tip once when the same event arrives five times at once', async () => {
    const { sessionId } = await pendingTip('3');
    const event = checkoutEvent('checkout.session.completed', s.fake.completeSession(sessionId));

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(s.t, event)));
    await s.t.ctx.queue.idle();

    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const tip = await tipBySession(s.t, sessionId);
    expect(tip.status).toBe('paid');
    const recorded = (await processedEvents(s.t)).filter((row) => row.id === event.id);
    expect(recorded).toHaveLength(1);
  });

  it('applies an event id once even past the queue (five concurrent applications)', async () => {
    const { sessionId } = await pendingTip('4');
    const event = toPaymentEvent(
      checkoutEvent(
        'checkout.session.completed',
        s.fake.completeSession(sessionId),
      ) as unknown as Stripe.Event,
    );
    if (!event) throw new Error('not a payment event');

    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => applyPaymentEvent(s.t.ctx.db, event)),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'duplicate')).toHaveLength(4);
    expect((await tipBySession(s.t, sessionId)).status).toBe('paid');
  });

  it('keeps a paid tip paid when an expired event for it comes later', async () => {
    const { sessionId } = await pendingTip();
    const open = { ...s.fake.sessions.get(sessionId) } as ReturnType<typeof s.fake.completeSession>;
    await deliverAndSettle(
      checkoutEvent('checkout.session.completed', s.fake.completeSession(sessionId)),
    );
    await deliverAndSettle(
      checkoutEvent('checkout.session.expired', { ...open, status: 'expired' }),
    );

    const tip = await tipBySession(s.t, sessionId);
    expect(tip.status).toBe('paid');
  });

  it('expires a pending tip whose session expired, and never pays it afterwards', async () => {
    const { sessionId } = await pendingTip();
    const open = { ...s.fake.sessions.get(sessionId) } as ReturnType<typeof s.fake.completeSession>;
    await deliverAndSettle(
      checkoutEvent('checkout.session.expired', s.fake.expireSession(sessionId)),
    );
    expect((await tipBySession(s.t, sessionId)).status).toBe('expired');

    await deliverAndSettle(
      checkoutEvent('checkout.session.completed', {
        ...open,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: 'pi_late',
      }),
    );
    expect((await tipBySession(s.t, sessionId)).status).toBe('expired');
  });

  it('waits for a delayed payment: completed-but-unpaid leaves the tip pending', async () => {
    const { sessionId } = await pendingTip();
    const session = s.fake.sessions.get(sessionId);
    if (!session) throw new Error('no session');
    await deliverAndSettle(
      checkoutEvent('checkout.session.completed', { ...session, status: 'complete' }),
    );
    expect((await tipBySession(s.t, sessionId)).status).toBe('pending');
  });

  it('refunds a paid tip in full; a partial refund leaves it paid', async () => {
    const full = await pendingTip('9');
    const fullSession = s.fake.completeSession(full.sessionId);
    await deliverAndSettle(checkoutEvent('checkout.session.completed', fullSession));
    await deliverAndSettle(chargeRefundedEvent(fullSession));
    expect((await tipBySession(s.t, full.sessionId)).status).toBe('refunded');

    const partial = await pendingTip('9');
    const partialSession = s.fake.completeSession(partial.sessionId);
    await deliverAndSettle(checkoutEvent('checkout.session.completed', partialSession));
    await deliverAndSettle(chargeRefundedEvent(partialSession, 300));
    expect((await tipBySession(s.t, partial.sessionId)).status).toBe('paid');
  });

  it('applies a refund that overtook its payment once the payment is in', async () => {
    const { sessionId } = await pendingTip('6');
    const session = s.fake.completeSession(sessionId);
    const refund = chargeRefundedEvent(session);
    expect((await deliverWebhook(s.t, refund)).statusCode).toBe(200);
    expect(
      (await deliverWebhook(s.t, checkoutEvent('checkout.session.completed', session))).statusCode,
    ).toBe(200);
    await s.t.ctx.queue.idle();

    expect((await tipBySession(s.t, sessionId)).status).toBe('refunded');
  });

  it('answers 200 to events it does not act on and queues nothing', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    const res = await deliverWebhook(s.t, event);
    await s.t.ctx.queue.idle();
    expect(res.statusCode).toBe(200);
    expect(await wasProcessed(event.id)).toBe(false);
  });

  it('leaves JSON parsing of the other routes alone', async () => {
    const res = await createPaymentLink(s.t, attendee, { host_id: host.id, amount: '1' });
    expect(res.statusCode).toBe(200);
  });

  it('pushes tip:paid to the host live, after the tip is paid', async () => {
    const event = await insertEvent(s.t, host.id);
    await joinEvent(s.t, event.id, attendee.id);
    const { sessionId, tip } = await pendingTip('12.34', event.id);
    const baseUrl = await listenOnLoopback(s.t.app);
    const socket = connectSocket(baseUrl, { token: bearerToken(host) });
    try {
      await connected(socket);
      const push = nextPush(socket, 'tip:paid');
      await deliverWebhook(
        s.t,
        checkoutEvent('checkout.session.completed', s.fake.completeSession(sessionId)),
      );
      expect(await push).toEqual({
        tipId: tip.id,
        amountCents: 1234,
        attendeeName: 'Alex Attendee',
        eventId: event.id,
      });
      expect((await tipBySession(s.t, sessionId)).status).toBe('paid');
    } finally {
      socket.close();
    }
  });
});
