import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { OverloadConfig } from '../config.ts';
import { ServerBusyError, type OverloadReason } from './errors.ts';

export interface OverloadPluginOptions {
  config: OverloadConfig;
  /** The pg pool on real Postgres; PGlite has no pool and so no waiting queue to watch. */
  pool: pg.Pool | undefined;
}

/**
 * Routes served under any load. A liveness probe that failed under load would
 * get a busy node restarted, turning too much traffic into an outage;
 * readiness reports on its own terms; and /metrics is how an operator sees
 * the overload in the first place.
 */
const EXEMPT_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Only the API is shed: the web app's page and its files cost no database
 * work, and a page answered with a JSON 503 would leave a phone with nothing
 * to retry from (the app itself retries API calls after Retry-After).
 */
const isExempt = (request: FastifyRequest) =>
  EXEMPT_ROUTES.has(request.routeOptions.url ?? '') || !request.url.startsWith('/api/');

function reasonOf(pressureType: string): OverloadReason {
  return pressureType === underPressure.TYPE_EVENT_LOOP_UTILIZATION
    ? 'event_loop_utilization'
    : 'event_loop_delay';
}

/**
 * Sheds requests while this node has more work than it can serve: a request
 * that would wait behind a saturated event loop or a long queue for database
 * connections is answered at once with ServerBusyError (503 with Retry-After,
 * see error-handler.ts), before its session is looked up or its body parsed,
 * so the work already admitted can finish in time. Registered before the
 * auth plugin, whose session lookup is the first database query of a request.
 */
async function overloadPlugin(app: FastifyInstance, options: OverloadPluginOptions): Promise<void> {
  const { config, pool } = options;

  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    // Utilization over the last sample, not since start: measured since start,
    // a node that idled for hours would take as long to notice it is
    // saturated, and as long again to notice it has recovered.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: config.sampleIntervalMs,
    pressureHandler: async (request, _reply, type) => {
      if (isExempt(request)) return;
      throw new ServerBusyError(reasonOf(type));
    },
  });

  // The pool's queue is read on each request rather than through
  // under-pressure's healthCheck: that check runs on a timer, which fires late
  // exactly when the event loop is busy, and reports only "unhealthy".
  // Reading waitingCount costs nothing and sees the queue as it is now.
  if (pool && config.maxPoolWaiting > 0) {
    const maxWaiting = config.maxPoolWaiting;
    app.addHook('onRequest', async (request) => {
      if (pool.waitingCount > maxWaiting && !isExempt(request)) {
        throw new ServerBusyError('pool_waiting');
      }
    });
  }
}

export default fp(overloadPlugin, { name: 'overload', fastify: '5.x' });
