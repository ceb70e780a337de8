import {
  activeStripeAccountBody,
  connectStripeAccountBody,
  createPaymentLinkBody,
  PAYMENT_MSG,
  STRIPE_CONNECT_RETRY_PATH,
} from '@floorfill/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember, requireSession } from '../auth/auth.plugin.ts';
import { assertSameUser } from '../events/identity.ts';
import { failure, ok } from '../http/envelope.ts';
import { HttpError } from '../http/errors.ts';
import { demoCheckoutRoutes } from './demo-checkout.routes.ts';
import {
  CONNECT_REFRESH_PATH,
  createPaymentsService,
  StripeUnavailableError,
} from './payments.service.ts';
import { createStripeClient } from './stripe-client.ts';
import { attachLocalNotifier, detachLocalNotifier } from './user-notifier.ts';
import { stripeWebhookRoutes } from './webhook.routes.ts';

async function membersOnly(request: FastifyRequest): Promise<void> {
  requireMember(request);
}

async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireSession(request);
}

/** Payment links per caller and minute: each one may cost a Stripe call. */
const PAYMENT_LINKS_PER_MINUTE = 60;

/**
 * The host's payment account (connect, activate, onboarding refresh), tip
 * payment links, the Stripe webhook and the demo checkout.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const stripe = config.payments.stripe ? createStripeClient(config.payments.stripe) : undefined;
  const payments = createPaymentsService({ config, stripe });

  // Jobs running in this process push a paid tip through this app's Socket.IO server.
  app.addHook('onReady', async () => {
    attachLocalNotifier(app.ctx, {
      toUser: (userId, name, ...args) => app.realtime.toUser(userId, name, ...args),
    });
  });
  app.addHook('onClose', async () => detachLocalNotifier(app.ctx));

  // Stripe's refusal details are for the log; the client gets a short retry message.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof StripeUnavailableError) {
      request.log.warn({ err: error.stripeError }, 'stripe call failed');
    }
  });

  /** Spec §7/§8: connect's client reads `message` on failure; it gets it beside `msg`. */
  async function answerConnectFailure(reply: FastifyReply, error: unknown): Promise<FastifyReply> {
    if (!(error instanceof HttpError)) throw error;
    if (error instanceof StripeUnavailableError) {
      reply.log.warn({ err: error.stripeError }, 'stripe call failed');
    }
    return reply
      .status(error.statusCode)
      .send({ ...failure(error.message, error.data), message: error.message });
  }

  app.post(
    '/api/v1/connect-stripe-account',
    { onRequest: membersOnly, schema: { body: connectStripeAccountBody } },
    async (request, reply) => {
      const session = requireMember(request);
      assertSameUser(session, request.body.user_id);
      try {
        const url = await payments.connect(db, session.userId);
        const msg = payments.mode === 'demo' ? PAYMENT_MSG.connectDemo : PAYMENT_MSG.connectReady;
        return ok(msg, { status: true as const, url });
      } catch (error) {
        return answerConnectFailure(reply, error);
      }
    },
  );

  app.post(
    '/api/v1/active-stripe-account',
    { onRequest: membersOnly, schema: { body: activeStripeAccountBody } },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.body.user_id);
      const status = await payments.refreshStatus(db, session.userId);
      return ok(PAYMENT_MSG.accountStatus, { stripe_account_status: status });
    },
  );

  // Stripe sends the host here when an onboarding link expired or was used: make a new one.
  app.get(
    CONNECT_REFRESH_PATH,
    { schema: { querystring: z.object({ token: z.string().max(200).default('') }) } },
    async (request, reply) => {
      const url = await payments.refreshOnboardingLink(db, request.query.token);
      return reply.redirect(url ?? `${config.publicUrl}${STRIPE_CONNECT_RETRY_PATH}`, 303);
    },
  );

  // Guests tip too (they reach event pages by QR); identity is the session's.
  app.post(
    '/api/v1/create-payment-link',
    {
      onRequest: signedInOnly,
      schema: { body: createPaymentLinkBody },
      config: {
        rateLimit: {
          max: PAYMENT_LINKS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `tip:${request.session?.userId ?? request.ip}`,
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      assertSameUser(session, request.body.attendee_id);
      const url = await payments.createPaymentLink(db, session, request.body);
      return ok(PAYMENT_MSG.linkCreated, { status: true as const, url });
    },
  );

  await app.register(stripeWebhookRoutes, { stripe });
  await app.register(demoCheckoutRoutes, { payments });
};
