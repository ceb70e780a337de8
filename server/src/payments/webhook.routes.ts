import { PAYMENT_MSG, webhookReceiptSchema } from '@floorfill/shared';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { failure } from '../http/envelope.ts';
import { errorResponses } from '../http/responses.ts';
import { toBoostPaymentEvent } from '../boosts/boost-payment-events.ts';
import { toPaymentEvent } from './payment-events.ts';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The body stays the raw bytes Stripe signed: it is checked, not parsed, before the handler. */
const stripeEventBody = z.unknown().meta({
  description:
    'A Stripe event as Stripe sends it, signed in the Stripe-Signature header over these exact bytes.',
});

/** A Stripe event is a few KB; this leaves ample room and refuses anything absurd. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/stripe/webhook: Stripe's signature is checked over the exact
 * bytes it sent, so JSON bodies stay raw in this plugin's scope only (the
 * rest of the app parses JSON as usual). A verified event is queued with its
 * own id as the job id and answered at once; the job applies it.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ stripe: Stripe | undefined }> = async (
  app,
  { stripe },
) => {
  // Demo payments: no Stripe, no webhook endpoint (404).
  const stripeConfig = app.ctx.config.payments.stripe;
  if (!stripe || !stripeConfig) return;
  const client = stripe;
  // The platform endpoint's secret, then the Connect endpoint's (account.updated) when there is one.
  const secrets = [stripeConfig.webhookSecret, stripeConfig.connectWebhookSecret].filter(
    (secret): secret is string => Boolean(secret),
  );

  function verify(payload: Buffer, signature: string): Stripe.Event {
    let lastError: unknown;
    for (const secret of secrets) {
      try {
        return client.webhooks.constructEvent(payload, signature, secret);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const schema = {
    tags: ['Payments'],
    summary:
      'Stripe events (Stripe mode only): verified, queued once per event id, answered at once',
    consumes: ['application/json'],
    body: stripeEventBody,
    response: { 200: webhookReceiptSchema, ...errorResponses },
  };
  app.post(
    STRIPE_WEBHOOK_PATH,
    // Stripe's servers call it, not a page: no origin to check; the signature is the check.
    { bodyLimit: WEBHOOK_BODY_LIMIT, schema, config: { crossSite: true } },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        return reply.status(400).send(failure(PAYMENT_MSG.webhookSignature));
      }
      let event: Stripe.Event;
      try {
        event = verify(request.body, signature);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook refused: bad signature');
        return reply.status(400).send(failure(PAYMENT_MSG.webhookSignature));
      }
      // A boost's payment (its metadata names the boost) goes to the boosts feature.
      const boostEvent = toBoostPaymentEvent(event);
      const paymentEvent = boostEvent ? null : toPaymentEvent(event);
      if (boostEvent) {
        await app.ctx.queue.enqueue('boost:payment', boostEvent, {
          jobId: event.id,
          requestId: request.id,
        });
      } else if (paymentEvent) {
        await app.ctx.queue.enqueue('stripe:event', paymentEvent, {
          jobId: event.id,
          requestId: request.id,
        });
      }
      return reply.status(200).send({ received: true });
    },
  );
};
