import { RATING_MSG, storeRatingAnswerSchema, storeRatingBody } from '@floorfill/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../auth/auth.plugin.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { envelopes } from '../http/responses.ts';
import { storeRating } from './ratings.service.ts';

/** Guests are refused with 'Please register first!' before the form is read (spec §6). */
async function membersOnly(request: FastifyRequest): Promise<void> {
  requireMember(request);
}

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
