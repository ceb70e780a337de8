import { searchSongsQuery } from '@floorfill/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/auth.plugin.ts';
import { ok } from '../http/envelope.ts';
import { createCatalogService } from './catalog.service.ts';

/** Attendees, hosts and guests may all search (spec §2: the song search modal of the event page). */
async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireSession(request);
}

/** Song search for the request modal (spec §7 get-search-song-list). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = createCatalogService(app.ctx.db, app.ctx.config.catalog);

  app.get(
    '/api/v1/get-search-song-list',
    { onRequest: signedInOnly, schema: { querystring: searchSongsQuery } },
    async (request) => {
      requireSession(request);
      const songs = await catalog.search(request.query.q, request.query.limit, request.log);
      return ok('', songs);
    },
  );
};
