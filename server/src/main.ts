import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createAppContext } from './infra/context.ts';
import { createLogger } from './infra/logger.ts';
import { jobHandlers } from './jobs.ts';

const SHUTDOWN_TIMEOUT_MS = 15_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Floorfill cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config);
const ctx = await createAppContext(config, logger);
const app = await buildApp(ctx, logger);
if (config.runWorker) await ctx.queue.startWorker(jobHandlers(ctx));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const forceExit = setTimeout(() => {
    logger.error('shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  forceExit.unref();
  try {
    await app.close();
    await ctx.close();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
logger.info(
  {
    url: config.publicUrl,
    database: ctx.database.kind,
    redis: Boolean(ctx.redis),
    queue: ctx.queue.kind,
    mail: ctx.mail.kind,
  },
  `Floorfill is running at ${config.publicUrl}`,
);
