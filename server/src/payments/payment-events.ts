import type Stripe from 'stripe';

/**
 * What the payments feature learns from Stripe, reduced to what it acts on.
 * A verified webhook becomes one of these and is queued as the `stripe:event`
 * job; the demo checkout builds the same shapes, so both go through
 * applyPaymentEvent.
 */
export type PaymentEvent =
  | {
      /** The Stripe event id: each is applied once, however often it is delivered. */
      id: string;
      /** completed (card: paid at once) or async_payment_succeeded (delayed methods). */
      type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded';
      checkoutSessionId: string;
      /** metadata.tip_id: present on every session this app creates. */
      tipId: number | null;
      paymentIntentId: string | null;
      /** payment_status is paid (a completed session may still be waiting for a delayed payment). */
      paid: boolean;
    }
  | {
      id: string;
      type: 'checkout.session.expired' | 'checkout.session.async_payment_failed';
      checkoutSessionId: string;
      tipId: number | null;
    }
  | {
      id: string;
      type: 'account.updated';
      accountId: string;
      chargesEnabled: boolean;
    }
  | {
      id: string;
      /** A tip paid with a saved card (no Checkout Session): its PaymentIntent succeeded. */
      type: 'payment_intent.succeeded';
      paymentIntentId: string;
      tipId: number | null;
    }
  | {
      id: string;
      /**
       * A saved-card tip's PaymentIntent failed (the bank's check was refused
       * or abandoned): the tip ends unpaid. Checkout's own attempts are not
       * acted on, as its buyer may try another card on the same page.
       */
      type: 'payment_intent.payment_failed';
      paymentIntentId: string;
    }
  | {
      id: string;
      /** A card saved with Elements: the wallet learns it from Stripe. */
      type: 'setup_intent.succeeded';
      setupIntentId: string;
    }
  | {
      id: string;
      type: 'charge.refunded';
      paymentIntentId: string | null;
      tipId: number | null;
      /** Only a full refund makes a tip refunded; a partial one leaves it paid. */
      fullyRefunded: boolean;
    };

export type PaymentEventType = PaymentEvent['type'];

/** The positive whole id a metadata key holds (`tip_id`, `boost_id`), or null. */
export function metadataId(
  metadata: Stripe.Metadata | null | undefined,
  key: 'tip_id' | 'boost_id',
): number | null {
  const value = Number(metadata?.[key]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

const tipIdFrom = (metadata: Stripe.Metadata | null | undefined) => metadataId(metadata, 'tip_id');

/** The id of an expandable field (an id, or the object itself). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The event as the payments feature sees it, or null for a type it does not act on. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return {
        id: event.id,
        type: event.type,
        checkoutSessionId: session.id,
        tipId: tipIdFrom(session.metadata),
        paymentIntentId: idOf(session.payment_intent),
        paid: session.payment_status === 'paid',
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        id: event.id,
        type: event.type,
        checkoutSessionId: session.id,
        tipId: tipIdFrom(session.metadata),
      };
    }
    case 'account.updated': {
      const account = event.data.object;
      return {
        id: event.id,
        type: event.type,
        accountId: account.id,
        chargesEnabled: account.charges_enabled,
      };
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        id: event.id,
        type: event.type,
        paymentIntentId: intent.id,
        tipId: tipIdFrom(intent.metadata),
      };
    }
    case 'payment_intent.payment_failed':
      return { id: event.id, type: event.type, paymentIntentId: event.data.object.id };
    case 'setup_intent.succeeded':
      return { id: event.id, type: event.type, setupIntentId: event.data.object.id };
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        id: event.id,
        type: event.type,
        paymentIntentId: idOf(charge.payment_intent),
        tipId: tipIdFrom(charge.metadata),
        fullyRefunded: charge.refunded,
      };
    }
    default:
      return null;
  }
}
