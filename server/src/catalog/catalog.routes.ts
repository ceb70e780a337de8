import { searchSongsQuery } from '@floorfill/shared';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/auth.plugin.ts';
import { ok } from '../http/envelope.ts';
import { createCatalogService } from './catalog.service.ts';

/** Attendees, hosts and guests may all search (spec §2: the song search modal of the event page). */
async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireSession(request);
}

/**
 * Counted per user: the modal searches once typing pauses for a second, so a
 * person stays far below it, while a script scraping the catalog (or a paid
 * music service through us) does not. Runs after `signedInOnly`, so every
 * counted call has a session. Off when the limit is 0 (load tests).
 */
function searchLimit(perMinute: number): RateLimitOptions | false {
  if (perMinute === 0) return false;
  return {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      request.session ? `user:${request.session.userId}` : `ip:${request.ip}`,
  };
}

/** Song search for the request modal (spec §7 get-search-song-list). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const catalog = createCatalogService(db, config.catalog);

  app.get(
    '/api/v1/get-search-song-list',
    {
      onRequest: signedInOnly,
      schema: { querystring: searchSongsQuery },
      config: { rateLimit: searchLimit(config.songSearchRateLimitPerMinute) },
    },
    async (request) => {
      requireSession(request);
      const songs = await catalog.search(request.query.q, request.query.limit, request.log);
      return ok('', songs);
    },
  );
};
