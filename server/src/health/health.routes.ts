import { livenessData, readinessData } from '@floorfill/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { failure, ok } from '../http/envelope.ts';
import { envelopes } from '../http/responses.ts';

/** Whether this node still wants traffic: false from the moment a graceful shutdown begins. */
export interface Readiness {
  shuttingDown: boolean;
}

/** Liveness (the process answers) and readiness (its database and Redis answer). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Balancers and Docker ask every few seconds: log these only when something is wrong.
  const quiet = { logLevel: 'warn' } as const;
  const tags = ['Health'];
  app.get(
    '/healthz',
    {
      ...quiet,
      schema: {
        tags,
        summary: 'Liveness: the process answers',
        response: envelopes({ 200: livenessData }),
      },
    },
    async () => ok('ok', { uptime_seconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/readyz',
    {
      ...quiet,
      schema: {
        tags,
        summary: 'Readiness: the database and Redis answer; 503 while shutting down',
        response: envelopes({ 200: readinessData }),
      },
    },
    async (_request, reply) => {
      if (app.readiness.shuttingDown) {
        return reply
          .status(503)
          .send(failure('Not ready: shutting down.', { failing: ['shutdown'] }));
      }
      const failing: string[] = [];
      await sql`select 1`.execute(app.ctx.db).catch(() => failing.push('database'));
      if (app.ctx.redis) {
        await Promise.race([
          app.ctx.redis.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000)),
        ]).catch(() => failing.push('redis'));
      }
      if (failing.length > 0) {
        return reply
          .status(503)
          .send(failure(`Not ready: ${failing.join(', ')} unreachable.`, { failing }));
      }
      return ok('ready', { database: app.ctx.database.kind, redis: Boolean(app.ctx.redis) });
    },
  );
}
