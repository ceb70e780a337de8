import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { healthRoutes } from '../health/health.routes.ts';
import { contractSerializerCompiler } from '../http/contract-serializer.ts';
import { createAppContext, type AppContext } from '../infra/context.ts';
import { createLogger } from '../infra/logger.ts';
import { jobHandlers } from '../jobs.ts';
import metricsPlugin from '../metrics/metrics.plugin.ts';
import { redisUserNotifier } from '../payments/user-notifier.ts';
import { exitGracefullyOnSignals, loadConfigOrExit } from './lifecycle.ts';

/**
 * `npm run worker`: process background jobs without serving the app. Needs
 * REDIS_URL (BullMQ); app nodes then run with RUN_WORKER=false. It answers
 * /healthz, /readyz and /metrics (job counters, queue depth) on WORKER_PORT.
 */

async function buildWorkerHttp(ctx: AppContext, logger: FastifyBaseLogger) {
  const http: FastifyInstance = Fastify({ loggerInstance: logger, disableRequestLogging: true });
  // The health routes declare zod contracts, as on the app nodes.
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(contractSerializerCompiler);
  http.decorate('ctx', ctx);
  http.decorate('readiness', { shuttingDown: false });
  await http.register(metricsPlugin, { metrics: ctx.metrics, token: ctx.config.metricsToken });
  await http.register(healthRoutes);
  return http;
}

const config = loadConfigOrExit();
const logger = createLogger(config).child({ role: 'worker' });
if (!config.redisUrl) {
  logger.error('npm run worker needs REDIS_URL: without Redis, jobs run inside the app process.');
  process.exit(1);
}
const ctx = await createAppContext(config, logger);
const http = await buildWorkerHttp(ctx, logger);

exitGracefullyOnSignals(logger, config.shutdownTimeoutMs, async () => {
  http.readiness.shuttingDown = true;
  await http.close();
  // Waits for the running jobs to finish; waiting ones stay in Redis for the next worker.
  await ctx.close();
});

// No Socket.IO server here: pushes (a paid tip) go through Redis to the app nodes.
const notify = ctx.redis ? redisUserNotifier(ctx.redis, config.redisPrefix) : undefined;
await ctx.queue.startWorker(jobHandlers(ctx, notify ? { notify, logger } : { logger }));
await http.listen({ port: config.workerPort, host: config.host });
logger.info({ port: config.workerPort }, 'worker started');
