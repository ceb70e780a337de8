import { loadConfig } from '../config.ts';
import { createAppContext } from '../infra/context.ts';
import { createLogger } from '../infra/logger.ts';
import { jobHandlers } from '../jobs.ts';
import { redisUserNotifier } from '../payments/user-notifier.ts';

/**
 * `npm run worker`: process background jobs without serving HTTP. Needs
 * REDIS_URL (BullMQ); app nodes then run with RUN_WORKER=false.
 */
const config = loadConfig();
const logger = createLogger(config).child({ role: 'worker' });
if (!config.redisUrl) {
  logger.error('npm run worker needs REDIS_URL: without Redis, jobs run inside the app process.');
  process.exit(1);
}
const ctx = await createAppContext(config, logger);
// No Socket.IO server here: pushes (a paid tip) go through Redis to the app nodes.
const notify = ctx.redis ? redisUserNotifier(ctx.redis, config.redisPrefix) : undefined;
await ctx.queue.startWorker(jobHandlers(ctx, notify ? { notify, logger } : { logger }));
logger.info('worker started');

async function stop(signal: string) {
  logger.info({ signal }, 'worker stopping');
  await ctx.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
