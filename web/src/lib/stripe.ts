import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Stripe.js for the platform's publishable key, fetched from js.stripe.com
 * the first time a screen asks for it (the wallet's card form, a tip's bank
 * check) and reused after. Import this module lazily: the `pure` entry
 * injects no script until loadStripe runs, and nothing else of the app
 * loads Stripe.js.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
