import { catalogSongList, searchSongsQuery } from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, signedInOnly } from '../auth/auth.plugin.ts';
import { ok } from '../http/envelope.ts';
import { perUserRateLimit } from '../http/per-user-rate-limit.ts';
import { envelopes } from '../http/responses.ts';

/** Song search for the request modal (spec §7 get-search-song-list). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, redis } = app.ctx;
  const { catalog } = app.services;

  app.get(
    '/api/v1/get-search-song-list',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['Song search'],
        summary: 'Search songs for a request (built-in catalog or a configured music service)',
        querystring: searchSongsQuery,
        response: envelopes({ 200: catalogSongList }),
      },
      // The modal searches once typing pauses for a second: a person stays far below the limit.
      config: { rateLimit: perUserRateLimit(config.songSearchRateLimitPerMinute, redis) },
    },
    async (request) => {
      requireSession(request);
      const songs = await catalog.search(request.query.q, request.query.limit, request.log);
      return ok('', songs);
    },
  );
};
