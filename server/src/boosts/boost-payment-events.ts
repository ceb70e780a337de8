import type Stripe from 'stripe';
import { idOf, metadataId } from '../payments/payment-events.ts';

/**
 * Stripe events about a boost's payment (issue 30), known by the
 * `boost_id` this app puts in the metadata of every Checkout Session and
 * PaymentIntent it makes for a boost. The demo checkout builds the same
 * shapes.
 */
export interface BoostPaymentEvent {
  /** The Stripe event id: each is applied once, however often it is delivered. */
  id: string;
  type:
    | 'checkout.session.completed'
    | 'checkout.session.expired'
    | 'payment_intent.amount_capturable_updated'
    | 'payment_intent.succeeded'
    | 'payment_intent.canceled'
    | 'payment_intent.payment_failed';
  boostId: number | null;
  paymentIntentId: string | null;
  checkoutSessionId: string | null;
}

const boostIdFrom = (metadata: Stripe.Metadata | null | undefined) =>
  metadataId(metadata, 'boost_id');

/** The event as the boosts feature sees it, or null when it is not about a boost. */
export function toBoostPaymentEvent(event: Stripe.Event): BoostPaymentEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const boostId = boostIdFrom(session.metadata);
      if (boostId === null) return null;
      return {
        id: event.id,
        type: event.type,
        boostId,
        paymentIntentId: idOf(session.payment_intent),
        checkoutSessionId: session.id,
      };
    }
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const boostId = boostIdFrom(intent.metadata);
      if (boostId === null) return null;
      return {
        id: event.id,
        type: event.type,
        boostId,
        paymentIntentId: intent.id,
        checkoutSessionId: null,
      };
    }
    default:
      return null;
  }
}
