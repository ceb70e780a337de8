import { savedCardTipSchema, type SavedCardTip } from '@floorfill/shared';
import { api } from '@/lib/api-client';
import { confirmCardCheck } from '@/lib/card-check';
import { centsToDollars } from '../utils/tip-amount';

export interface SavedCardTipInput {
  hostId: number;
  cents: number;
  eventId?: number;
  /** The platform's publishable key, for the bank's check in Stripe.js. */
  publishableKey: string;
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
  await confirmCardCheck(input.publishableKey, first.data.client_secret);
  const settled = await api.post('/api/v1/confirm-saved-card-tip', {
    body: { tip_id: first.data.tip_id },
    schema: savedCardTipSchema,
  });
  return { msg: settled.msg, tip: settled.data };
}
