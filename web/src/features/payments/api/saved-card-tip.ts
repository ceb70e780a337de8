import { PAYMENT_MSG, savedCardTipSchema, type SavedCardTip } from '@floorfill/shared';
import { api } from '@/lib/api-client';
import { centsToDollars } from '../utils/tip-amount';

export interface SavedCardTipInput {
  hostId: number;
  cents: number;
  eventId?: number;
  /** The platform's publishable key, for the bank's check in Stripe.js. */
  publishableKey: string;
}

/** Stripe.js could not run the bank's check, or the bank said no: its words are shown. */
export class CardCheckError extends Error {
  override name = 'CardCheckError';
}

export interface SavedCardTipResult {
  msg: string;
  tip: SavedCardTip;
}

/**
 * tip-with-saved-card: charged to the card saved at Stripe, without leaving
 * the page. When the bank wants a check (3-D Secure), Stripe.js (loaded only
 * now) shows it and the server is asked again how the tip stands.
 */
export async function tipWithSavedCard(input: SavedCardTipInput): Promise<SavedCardTipResult> {
  const first = await api.post('/api/v1/tip-with-saved-card', {
    body: { host_id: input.hostId, amount: centsToDollars(input.cents), event_id: input.eventId },
    schema: savedCardTipSchema,
  });
  if (first.data.status !== 'requires_action' || !first.data.client_secret) {
    return { msg: first.msg, tip: first.data };
  }
  const { stripeFor } = await import('@/lib/stripe');
  const stripe = await stripeFor(input.publishableKey);
  if (!stripe) throw new CardCheckError(PAYMENT_MSG.cardServiceUnavailable);
  const checked = await stripe.confirmCardPayment(first.data.client_secret);
  if (checked.error) {
    throw new CardCheckError(checked.error.message ?? PAYMENT_MSG.cardServiceUnavailable);
  }
  const settled = await api.post('/api/v1/confirm-saved-card-tip', {
    body: { tip_id: first.data.tip_id },
    schema: savedCardTipSchema,
  });
  return { msg: settled.msg, tip: settled.data };
}
