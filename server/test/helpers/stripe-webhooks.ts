import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import {
  FAKE_STRIPE_WEBHOOK_SECRET,
  type FakeAccount,
  type FakeCheckoutSession,
} from './fake-stripe.ts';
import type { TestApp } from './test-app.ts';

/**
 * Stripe events as Stripe delivers them (the Event envelope around the
 * object), signed with the real SDK's test header so the app's
 * constructEvent verifies them exactly as it would a live delivery.
 */

const signer = new Stripe('sk_test_signer');

export interface StripeEventEnvelope {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown };
}

export function stripeEvent(
  type: string,
  object: unknown,
  id = `evt_${randomBytes(12).toString('hex')}`,
): StripeEventEnvelope {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

export const checkoutEvent = (
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: FakeCheckoutSession,
) => stripeEvent(type, { ...session });

export const accountUpdatedEvent = (account: FakeAccount) =>
  stripeEvent('account.updated', { ...account });

/** A charge of a paid tip session, refunded in full (or in part). */
export function chargeRefundedEvent(
  session: FakeCheckoutSession,
  refundedCents = session.amount_total,
) {
  return stripeEvent('charge.refunded', {
    id: `ch_${randomBytes(12).toString('hex')}`,
    object: 'charge',
    amount: session.amount_total,
    amount_refunded: refundedCents,
    currency: session.currency,
    payment_intent: session.payment_intent,
    refunded: refundedCents >= session.amount_total,
    status: 'succeeded',
    metadata: session.metadata,
  });
}

export function signedHeader(payload: string, secret = FAKE_STRIPE_WEBHOOK_SECRET): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

/** POST the event to the webhook route as Stripe would (raw JSON bytes, Stripe-Signature header). */
export function deliverWebhook(
  t: TestApp,
  event: StripeEventEnvelope,
  options: { secret?: string; signature?: string } = {},
): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': options.signature ?? signedHeader(payload, options.secret),
    },
  });
}
