import { PAYMENT_MSG } from '@floorfill/shared';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';
import { HttpError } from '../http/errors.ts';

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

/** The platform's Stripe client; a call that needs it in demo mode is a bug. */
export function requireStripe(stripe: Stripe | undefined): Stripe {
  if (!stripe) throw new Error('Stripe is not configured (demo payments)');
  return stripe;
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Stripe refused or could not be reached: the caller can try again; details go to the log only. */
export class StripeUnavailableError extends HttpError {
  override name = 'StripeUnavailableError';
  constructor(readonly stripeError: unknown) {
    super(502, PAYMENT_MSG.stripeUnavailable);
  }
}

/** A Stripe call whose refusal or outage becomes StripeUnavailableError (502, retry later). */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStripeError(error)) throw new StripeUnavailableError(error);
    throw error;
  }
}

/** Stripe's refusal details are for the log (in this plugin's scope); the client gets a short retry message. */
export function logStripeFailures(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof StripeUnavailableError) {
      request.log.warn({ err: error.stripeError }, 'stripe call failed');
    }
  });
}
