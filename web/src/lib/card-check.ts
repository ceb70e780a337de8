import { PAYMENT_MSG } from '@floorfill/shared';

/** Stripe.js could not run the bank's check, or the bank said no: its words are shown. */
export class CardCheckError extends Error {
  override name = 'CardCheckError';
}

/**
 * The bank's check of a payment with a saved card (3-D Secure), shown by
 * Stripe.js, which is fetched only now. Resolves once the bank agreed; the
 * server learns the outcome from Stripe (a webhook) or when asked again.
 */
export async function confirmCardCheck(
  publishableKey: string,
  clientSecret: string,
): Promise<void> {
  const { stripeFor } = await import('./stripe');
  const stripe = await stripeFor(publishableKey);
  if (!stripe) throw new CardCheckError(PAYMENT_MSG.cardServiceUnavailable);
  const checked = await stripe.confirmCardPayment(clientSecret);
  if (checked.error) {
    throw new CardCheckError(checked.error.message ?? PAYMENT_MSG.cardServiceUnavailable);
  }
}
