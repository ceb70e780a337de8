import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failure } from '../http/envelope.ts';
import { metricsAccess } from './metrics-access.ts';
import type { Metrics } from './metrics.ts';

/** Requests that matched no route share one label, so unknown URLs cannot grow the label set. */
const UNMATCHED_ROUTE = 'unmatched';

export interface MetricsPluginOptions {
  metrics: Metrics;
  token: string | undefined;
}

/**
 * Times every HTTP request by its route pattern (`/api/v1/events/:id`, never
 * the raw URL) and serves the registry at GET /metrics to those allowed (see
 * metrics-access.ts).
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions): Promise<void> {
  const { metrics, token } = options;

  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // Scraped every few seconds: logged only when something is wrong.
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const access = metricsAccess(request, token);
    if (access === 'token required') {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(failure('Metrics need the METRICS_TOKEN as a Bearer token.'));
    }
    if (access === 'not private') {
      return reply
        .status(403)
        .send(
          failure(
            'Metrics are served only to direct requests from private addresses; set METRICS_TOKEN to scrape from elsewhere.',
          ),
        );
    }
    const body = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
}

export default fp(metricsPlugin, { name: 'metrics', fastify: '5.x' });
