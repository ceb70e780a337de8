import {
  BOOST_MSG,
  createBoostAnswerSchema,
  createBoostBody,
  eventBoostsQuery,
  eventBoostsSchema,
  hostBoostSchema,
  myBoostsQuery,
  myBoostsSchema,
  refundBoostBody,
  EVENT_MSG,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membersOnly, requireMember, requireSession } from '../auth/auth.plugin.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { envelopes } from '../http/responses.ts';
import { logStripeFailures } from '../payments/stripe-client.ts';

/**
 * Boosts (issue 30): a guest boosts their own waiting request (the caller
 * is the session; the body names the event, the song and the amount), sees
 * their boosts; the host sees the night's and refunds one within a day.
 */
export const boostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const { boosts } = app.services;
  const tags = ['Boosts'];
  logStripeFailures(app);

  app.post(
    '/api/v1/boosts',
    {
      schema: {
        tags,
        summary:
          "Boost the caller's own waiting request: the card is held, and charged only once the song has played",
        body: createBoostBody,
        response: envelopes({ 201: createBoostAnswerSchema }),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const answer = await boosts.create(db, session, request.body);
      return reply.status(201).send(ok(BOOST_MSG.created, answer));
    },
  );

  app.get(
    '/api/v1/boosts/mine',
    {
      schema: {
        tags,
        summary: "The caller's boosts in an event, newest first",
        querystring: myBoostsQuery,
        response: envelopes({ 200: myBoostsSchema }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok('', { boosts: await boosts.mine(db, session.userId, request.query.event_id) });
    },
  );

  app.get(
    '/api/v1/boosts/event',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "The host's list of an event's boosts, with the night's boost totals",
        querystring: eventBoostsQuery,
        response: envelopes({ 200: eventBoostsSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const found = await boosts.ofEvent(db, session.userId, request.query.event_id);
      if (!found) throw notFound(EVENT_MSG.notFound);
      return ok('', found);
    },
  );

  app.post(
    '/api/v1/boosts/refund',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: 'The host gives a charged boost back, within 24 hours of charging it',
        body: refundBoostBody,
        response: envelopes({ 200: z.object({ boost: hostBoostSchema }) }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const boost = await boosts.refund(db, session.userId, request.body.boost_id);
      return ok(BOOST_MSG.refunded, { boost });
    },
  );
};
