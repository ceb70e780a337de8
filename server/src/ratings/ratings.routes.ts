import { RATING_MSG, storeRatingAnswerSchema, storeRatingBody } from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membersOnly, requireMember } from '../auth/auth.plugin.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { envelopes } from '../http/responses.ts';
import { storeRating } from './ratings.service.ts';

/** store-rating (spec §7): an attendee rates a host, optionally for one of the host's events. */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/api/v1/store-rating',
    {
      onRequest: membersOnly,
      schema: {
        tags: ['Ratings'],
        summary: 'Rate a host, optionally for one of their events',
        body: storeRatingBody,
        response: envelopes({ 200: storeRatingAnswerSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.body.attendee_id);
      const answer = await db
        .transaction()
        .execute((trx) => storeRating(trx, session.userId, request.body));
      return ok(RATING_MSG.stored, answer);
    },
  );
};
