import {
  attendeeWalletBody,
  cardSummarySchema,
  hostWalletAnswerSchema,
  hostWalletBody,
  PROFILE_MSG,
  WALLET_MSG,
  walletSchema,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membersOnly, requireMember } from '../auth/auth.plugin.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { envelopes } from '../http/responses.ts';

/** The Wallet tab (host keys), the attendee's card form, and get-wallet for both forms. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const { wallets } = app.services;
  const tags = ['Wallets'];

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
      return ok(WALLET_MSG.cardSaved, saved);
    },
  );
};
