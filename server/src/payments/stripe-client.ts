import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';

/**
 * The Stripe SDK for the platform account. STRIPE_API_BASE_URL points it at
 * another address (the test suite's fake speaks Stripe's wire format, so this
 * same client runs unchanged against it).
 */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(config.api ?? {}),
  });
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}
