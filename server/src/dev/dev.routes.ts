import { EMAIL_MAX_LENGTH } from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { listOutbox } from './dev.repository.ts';

const OUTBOX_PAGE_SIZE = 50;

const outboxQuery = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `Must be at most ${EMAIL_MAX_LENGTH} characters.`)
    .optional(),
});

/**
 * Developer helpers, registered only while mail goes to the dev outbox and
 * never in production: they let a developer (and the e2e suite) read the
 * codes that would have been mailed.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/dev/outbox', { schema: { querystring: outboxQuery } }, async (request) => {
    const mails = await listOutbox(app.ctx.db, {
      to: request.query.email || undefined,
      limit: OUTBOX_PAGE_SIZE,
    });
    return ok('', mails);
  });
};
