import {
  OUTBOX_PAGE_SIZE,
  outboxMailSchema,
  outboxQuery,
  type OutboxMail,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { envelopes } from '../http/responses.ts';
import { listOutbox } from './dev.repository.ts';

/**
 * Developer helpers, registered only while mail goes to the dev outbox and
 * never in production: they let a developer (and the e2e suite) read the
 * codes that would have been mailed.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['Development'],
        summary: 'Mail the dev outbox kept, newest first (development only)',
        querystring: outboxQuery,
        response: envelopes({ 200: z.array(outboxMailSchema) }),
      },
    },
    async (request) => {
      const rows = await listOutbox(app.ctx.db, {
        to: request.query.email || undefined,
        limit: OUTBOX_PAGE_SIZE,
      });
      const mails: OutboxMail[] = rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
      }));
      return ok('', mails);
    },
  );
};
