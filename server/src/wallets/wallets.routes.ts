import {
  attendeeWalletBody,
  cardSetupAnswerSchema,
  cardSetupBody,
  cardSummarySchema,
  hostWalletAnswerSchema,
  hostWalletBody,
  PROFILE_MSG,
  saveCardSetupBody,
  WALLET_MSG,
  walletSchema,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membersOnly, requireMember } from '../auth/auth.plugin.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { envelopes } from '../http/responses.ts';
import { logStripeFailures } from '../payments/stripe-client.ts';

/**
 * Card setups per member and hour: each costs Stripe calls, and a card form
 * that takes any number of tries is how stolen cards get tested.
 */
const CARD_SETUPS_PER_HOUR = 20;

/** The Wallet tab (host keys), the attendee's card form, and get-wallet for both forms. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const { wallets, savedCards } = app.services;
  const tags = ['Wallets'];
  logStripeFailures(app);
  /**
   * A card the wallet no longer shows must not stay chargeable at Stripe: the
   * replaced one is detached from the member's Customer by a job (retried
   * through a Stripe outage), queued once the new card committed.
   */
  const detachReplaced = async (paymentMethodId: string | null, requestId: string) => {
    if (!paymentMethodId) return;
    await app.ctx.queue.enqueue(
      'stripe:detach-card',
      { paymentMethodId },
      { jobId: `detach-${paymentMethodId}`, requestId },
    );
  };
  const cardSetupLimit = {
    rateLimit: {
      max: CARD_SETUPS_PER_HOUR,
      timeWindow: 60 * 60_000,
      keyGenerator: (request: { session?: { userId: number } | null; ip: string }) =>
        `card-setup:${request.session?.userId ?? request.ip}`,
    },
  };

  app.get(
    '/api/v1/get-wallet',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "The caller's wallet state for the forms (never a secret)",
        response: envelopes({ 200: walletSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const wallet = await wallets.wallet(db, session.userId);
      if (!wallet) throw notFound(PROFILE_MSG.notFound);
      return ok('', wallet);
    },
  );

  app.post(
    '/api/v1/update-host-profile-wallet',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "Save the host's Stripe keys (the secret is never answered back)",
        body: hostWalletBody,
        response: envelopes({ 200: hostWalletAnswerSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.body.id);
      const saved = await db
        .transaction()
        .execute((trx) => wallets.saveHostKeys(trx, session.userId, request.body));
      if (!saved) throw notFound(PROFILE_MSG.notFound);
      return ok(WALLET_MSG.hostSaved, saved);
    },
  );

  app.post(
    '/api/v1/update-attendee-profile-wallet',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "Save the attendee's card summary (brand, last 4, expiry, computed in the browser); a card number or CVC is refused",
        body: attendeeWalletBody,
        response: envelopes({ 200: cardSummarySchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.body.id);
      const saved = await db
        .transaction()
        .execute((trx) => wallets.saveCard(trx, session.userId, request.body));
      if (!saved) throw notFound(PROFILE_MSG.notFound);
      await detachReplaced(saved.replacedPaymentMethodId, request.id);
      return ok(WALLET_MSG.cardSaved, saved.card);
    },
  );

  app.post(
    '/api/v1/create-card-setup',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "Start saving the attendee's card at Stripe (Elements): a SetupIntent's client secret and the publishable key",
        body: cardSetupBody,
        response: envelopes({ 200: cardSetupAnswerSchema }),
      },
      config: cardSetupLimit,
    },
    async (request) => {
      const session = requireMember(request);
      return ok(WALLET_MSG.cardSetupReady, await savedCards.startSetup(db, session.userId));
    },
  );

  app.post(
    '/api/v1/save-card-setup',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          'Keep the card Stripe saved for this SetupIntent (brand, last 4, expiry and its PaymentMethod id, read from Stripe)',
        body: saveCardSetupBody,
        response: envelopes({ 200: cardSummarySchema }),
      },
      config: cardSetupLimit,
    },
    async (request) => {
      const session = requireMember(request);
      const { card, replacedPaymentMethodId } = await savedCards.saveSetup(
        db,
        session.userId,
        request.body.setup_intent_id,
      );
      await detachReplaced(replacedPaymentMethodId, request.id);
      return ok(WALLET_MSG.cardSavedAtStripe, card);
    },
  );
};
