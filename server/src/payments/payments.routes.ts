import {
  activeStripeAccountBody,
  confirmSavedCardTipBody,
  connectFailureSchema,
  connectRefreshQuery,
  connectStripeAccountBody,
  createPaymentLinkBody,
  okEnvelopeSchema,
  PAYMENT_MSG,
  redirectAnswerSchema,
  savedCardTipSchema,
  STRIPE_CONNECT_RETRY_PATH,
  stripeAccountStatusSchema,
  tipWithSavedCardBody,
} from '@floorfill/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membersOnly, requireMember, requireSession, signedInOnly } from '../auth/auth.plugin.ts';
import { assertSameUser } from '../events/identity.ts';
import { failure, ok } from '../http/envelope.ts';
import { HttpError } from '../http/errors.ts';
import { envelopes, errorResponses, redirectResponse } from '../http/responses.ts';
import { demoCheckoutRoutes } from './demo-checkout.routes.ts';
import { notifyTipPaid } from './payment-jobs.ts';
import { CONNECT_REFRESH_PATH } from './connect-onboarding.ts';
import type { SavedCardTipOutcome } from './tip-payments.ts';
import { logStripeFailures, StripeUnavailableError } from './stripe-client.ts';
import { attachLocalNotifier, detachLocalNotifier } from './user-notifier.ts';
import { stripeWebhookRoutes } from './webhook.routes.ts';

/** Payment links per caller and minute: each one may cost a Stripe call. */
const PAYMENT_LINKS_PER_MINUTE = 60;

/** Tips by checkout link and by saved card spend one budget per member (or address). */
const tipRateLimit = {
  max: PAYMENT_LINKS_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `tip:${request.session?.userId ?? request.ip}`,
};

/**
 * The host's payment account (connect, activate, onboarding refresh), tip
 * payment links, the Stripe webhook and the demo checkout.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const { payments, stripe } = app.services;
  const tags = ['Payments'];

  // Jobs running in this process push a paid tip through this app's Socket.IO server.
  app.addHook('onReady', async () => {
    attachLocalNotifier(app.ctx, {
      toUser: (userId, name, ...args) => app.realtime.toUser(userId, name, ...args),
    });
  });
  app.addHook('onClose', async () => detachLocalNotifier(app.ctx));

  logStripeFailures(app);

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
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "Where to send the host to connect a payment account (Stripe's onboarding, or the demo)",
        body: connectStripeAccountBody,
        response: {
          200: okEnvelopeSchema(redirectAnswerSchema),
          '4xx': connectFailureSchema,
          '5xx': connectFailureSchema,
        },
      },
    },
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
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "The payment account's status, asked of Stripe again",
        body: activeStripeAccountBody,
        response: envelopes({ 200: stripeAccountStatusSchema }),
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Stripe sends an expired onboarding link here: on to a fresh one',
        querystring: connectRefreshQuery,
        response: {
          303: redirectResponse(
            'To a fresh onboarding link, or to the wallet tab when the token no longer works.',
          ),
          ...errorResponses,
        },
      },
    },
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
      schema: {
        tags,
        summary: "A tip's checkout link (Stripe Checkout, or the demo page)",
        body: createPaymentLinkBody,
        response: envelopes({ 200: redirectAnswerSchema }),
      },
      config: { rateLimit: tipRateLimit },
    },
    async (request) => {
      const session = requireSession(request);
      assertSameUser(session, request.body.attendee_id);
      const url = await payments.createPaymentLink(db, session, request.body);
      return ok(PAYMENT_MSG.linkCreated, { status: true as const, url });
    },
  );

  const savedCardTipMessages = {
    succeeded: PAYMENT_MSG.savedCardTipPaid,
    requires_action: PAYMENT_MSG.savedCardTipAction,
    processing: PAYMENT_MSG.savedCardTipProcessing,
    failed: PAYMENT_MSG.savedCardTipFailed,
  } as const;

  /** The tipper's answer; the host hears of a tip this call paid. */
  function answerSavedCardTip(request: FastifyRequest, outcome: SavedCardTipOutcome) {
    if (outcome.tipPaid) {
      notifyTipPaid(
        { toUser: (userId, name, ...args) => app.realtime.toUser(userId, name, ...args) },
        outcome.tipPaid,
        request.log,
      );
    }
    return ok(savedCardTipMessages[outcome.status], {
      tip_id: outcome.tipId,
      status: outcome.status,
      client_secret: outcome.clientSecret,
    });
  }

  app.post(
    '/api/v1/tip-with-saved-card',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          'Tip with the card saved at Stripe (Stripe mode): paid at once, or the client secret for the bank’s check in Stripe.js',
        body: tipWithSavedCardBody,
        response: envelopes({ 200: savedCardTipSchema }),
      },
      config: { rateLimit: tipRateLimit },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.body.attendee_id);
      const outcome = await payments.tipWithSavedCard(db, session, request.body);
      return answerSavedCardTip(request, outcome);
    },
  );

  app.post(
    '/api/v1/confirm-saved-card-tip',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: 'After the bank’s check in Stripe.js: how the saved-card tip stands, from Stripe',
        body: confirmSavedCardTipBody,
        response: envelopes({ 200: savedCardTipSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const outcome = await payments.confirmSavedCardTip(db, session, request.body.tip_id);
      return answerSavedCardTip(request, outcome);
    },
  );

  await app.register(stripeWebhookRoutes, { stripe });
  await app.register(demoCheckoutRoutes, { payments });
};
