import { STRIPE_ACCOUNT_ACTIVE, STRIPE_ACCOUNT_PENDING } from '@floorfill/shared';
import type { TipStatus } from '../infra/database-types.ts';
import type { Db, DbOrTrx } from '../infra/db.ts';
import type { PaymentEvent } from './payment-events.ts';
import * as repo from './payments.repository.ts';
import type { TipRow } from './payments.repository.ts';

/**
 * The one place a tip changes status, for Stripe webhooks and the demo
 * checkout alike. Each event id is recorded in the same transaction as its
 * effect, so a redelivered event changes nothing; and a tip only ever moves
 * forward, so events arriving out of order cannot undo a later state.
 */

/** The only moves a tip makes. Anything else (expired after paid, paid after refunded…) is ignored. */
export const TIP_TRANSITIONS: Readonly<Record<TipStatus, readonly TipStatus[]>> = {
  pending: ['paid', 'expired'],
  paid: ['refunded'],
  expired: [],
  refunded: [],
};

export function canMoveTip(from: TipStatus, to: TipStatus): boolean {
  return TIP_TRANSITIONS[from].includes(to);
}

/**
 * A session this app created (its metadata names a tip) whose row is not
 * committed yet, or a refund whose payment has not been recorded yet: the
 * job fails so the queue tries it again shortly, in order.
 */
export class TipNotReadyError extends Error {
  override name = 'TipNotReadyError';
}

export interface TipPaidNotice {
  hostId: number;
  tipId: number;
  amountCents: number;
  attendeeName: string;
  eventId: number | null;
}

export type PaymentEventOutcome =
  | { status: 'applied'; tipPaid?: TipPaidNotice }
  | { status: 'duplicate' }
  | { status: 'ignored'; reason: string };

const ignored = (reason: string): PaymentEventOutcome => ({ status: 'ignored', reason });

/** A tip just paid: the host hears of it (when the host account still exists). */
function paidOutcome(tip: TipRow): PaymentEventOutcome {
  if (tip.host_id === null) return { status: 'applied' };
  return {
    status: 'applied',
    tipPaid: {
      hostId: tip.host_id,
      tipId: tip.id,
      amountCents: tip.amount_cents,
      attendeeName: tip.attendee_name ?? '',
      eventId: tip.event_id,
    },
  };
}

async function moveTipIfAllowed(
  trx: DbOrTrx,
  tip: TipRow,
  to: TipStatus,
  paymentIntentId?: string | null,
): Promise<boolean> {
  if (!canMoveTip(tip.status, to)) return false;
  return repo.moveTip(trx, tip.id, tip.status, to, paymentIntentId);
}

async function applyInTransaction(trx: DbOrTrx, event: PaymentEvent): Promise<PaymentEventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const tip = await repo.lockTipByCheckoutSession(trx, event.checkoutSessionId);
      if (!tip) {
        if (event.tipId !== null) throw new TipNotReadyError(`tip ${event.tipId} not stored yet`);
        return ignored('not a tip checkout');
      }
      if (!event.paid) return ignored('payment not settled yet');
      if (!(await moveTipIfAllowed(trx, tip, 'paid', event.paymentIntentId))) {
        return ignored(`tip is ${tip.status}`);
      }
      return paidOutcome(tip);
    }
    case 'payment_intent.succeeded': {
      const tip = await repo.lockTipOfCharge(trx, event.paymentIntentId, event.tipId);
      if (!tip) {
        if (event.tipId !== null) throw new TipNotReadyError(`tip ${event.tipId} not stored yet`);
        return ignored('not a tip payment');
      }
      if (!(await moveTipIfAllowed(trx, tip, 'paid', event.paymentIntentId))) {
        return ignored(`tip is ${tip.status}`);
      }
      return paidOutcome(tip);
    }
    case 'payment_intent.payment_failed': {
      // Only a saved-card tip is its own PaymentIntent (stored as its checkout id).
      const tip = await repo.lockTipByCheckoutSession(trx, event.paymentIntentId);
      if (!tip) return ignored('not a saved-card tip');
      const moved = await moveTipIfAllowed(trx, tip, 'expired');
      return moved ? { status: 'applied' } : ignored(`tip is ${tip.status}`);
    }
    case 'setup_intent.succeeded':
      // Not a tip: the stripe:event job stores the card (wallets/saved-cards.ts).
      return ignored('a saved card, not a tip');
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const tip = await repo.lockTipByCheckoutSession(trx, event.checkoutSessionId);
      if (!tip) return ignored('not a tip checkout');
      const moved = await moveTipIfAllowed(trx, tip, 'expired');
      return moved ? { status: 'applied' } : ignored(`tip is ${tip.status}`);
    }
    case 'charge.refunded': {
      if (!event.fullyRefunded) return ignored('partial refund');
      const tip = await repo.lockTipOfCharge(trx, event.paymentIntentId, event.tipId);
      if (!tip) return ignored('not a tip charge');
      if (tip.status === 'pending') {
        throw new TipNotReadyError(`tip ${tip.id} refunded before its payment was recorded`);
      }
      const moved = await moveTipIfAllowed(trx, tip, 'refunded');
      return moved ? { status: 'applied' } : ignored(`tip is ${tip.status}`);
    }
    case 'account.updated': {
      const status = event.chargesEnabled ? STRIPE_ACCOUNT_ACTIVE : STRIPE_ACCOUNT_PENDING;
      const found = await repo.setStatusOfStripeAccount(trx, event.accountId, status);
      return found ? { status: 'applied' } : ignored('no user holds this account');
    }
  }
}

/** Applies the event once: a second delivery of the same id answers `duplicate` and changes nothing. */
export function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<PaymentEventOutcome> {
  return db.transaction().execute(async (trx) => {
    const first = await repo.recordWebhookEvent(trx, event.id, event.type);
    if (!first) return { status: 'duplicate' };
    return applyInTransaction(trx, event);
  });
}
