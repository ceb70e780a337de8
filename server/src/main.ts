import { once } from 'node:events';
import { buildApp } from './app.ts';
import { exitGracefullyOnSignals, loadConfigOrExit } from './cli/lifecycle.ts';
import { createAppContext } from './infra/context.ts';
import { createLogger } from './infra/logger.ts';
import { jobHandlers } from './jobs.ts';

/** How often idle keep-alive connections are closed while in-flight requests finish. */
const IDLE_SWEEP_MS = 100;

const config = loadConfigOrExit();
const logger = createLogger(config);
const ctx = await createAppContext(config, logger);
const app = await buildApp(ctx, logger);
if (config.runWorker) {
  await ctx.queue.startWorker(
    jobHandlers(ctx, {
      logger: logger.child({ role: 'jobs' }),
      liveQueue: app.services.liveQueue,
    }),
  );
}

/**
 * Graceful shutdown, in the order a load balancer needs: stop looking ready,
 * stop accepting connections (the balancer moves on to another node), tell
 * sockets to reconnect (they land on another node), let in-flight requests
 * finish, then close Socket.IO, the queue after its running job, Redis and
 * the database. Bounded by SHUTDOWN_TIMEOUT_MS.
 */
async function stopNode(): Promise<void> {
  app.readiness.shuttingDown = true;
  const connectionsEnded = once(app.server, 'close');
  app.server.close();
  app.realtime.drain();
  // A keep-alive connection that finishes its request goes idle; close it then instead of waiting out its timeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await connectionsEnded;
  } finally {
    clearInterval(sweep);
  }
  await app.close();
  await ctx.close();
}

exitGracefullyOnSignals(logger, config.shutdownTimeoutMs, stopNode);

await app.listen({ port: config.port, host: config.host });
logger.info(
  {
    url: config.publicUrl,
    database: ctx.database.kind,
    redis: Boolean(ctx.redis),
    queue: ctx.queue.kind,
    mail: ctx.mail.kind,
    worker: config.runWorker,
  },
  `Floorfill is running at ${config.publicUrl}`,
);
