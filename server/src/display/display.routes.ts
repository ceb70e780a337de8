import { EVENT_MSG, displayQuery, displayStateSchema } from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeCallerOf } from '../http/busy-address.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { envelopes } from '../http/responses.ts';

/**
 * The big screen (issue 14): `GET /api/v1/get-display?code=` answers its
 * state to anyone holding the event's code (no login: a projector has none),
 * and realtime serves `display:subscribe` and `display:updated` from the same
 * service.
 */
export const displayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { display } = app.services;

  app.addHook('onReady', async () => {
    app.realtime.serveDisplayWith(display);
  });

  app.get(
    '/api/v1/get-display',
    {
      schema: {
        tags: ['Big screen'],
        summary:
          "An event's big screen by its code (public): now playing, up next, requests open, the join QR; wrong codes spend the code budget; a busy address answers 428 with a challenge",
        querystring: displayQuery,
        response: envelopes({ 200: displayStateSchema }),
      },
    },
    async (request) => {
      const state = await display.byCode(
        request.query.code,
        codeCallerOf(request, request.query.code),
      );
      if (!state) throw notFound(EVENT_MSG.notFound);
      return ok('', state);
    },
  );
};
