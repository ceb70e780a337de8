import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { maintenanceSchedule } from '../maintenance/prune-expired.ts';
import { InstrumentedJobQueue } from '../metrics/instrumented-queue.ts';
import { createMetrics, type Metrics } from '../metrics/metrics.ts';
import { BullJobQueue } from './bullmq-queue.ts';
import { openDatabase, type DatabaseHandle, type Db } from './db.ts';
import type { MailTransport } from './mail.ts';
import { DevOutboxTransport, SmtpMailTransport } from './mail-transports.ts';
import { MemoryJobQueue } from './memory-queue.ts';
import { migrateToLatest } from './migrate.ts';
import type { JobQueue } from './queue.ts';
import { createRedis, quitRedis } from './redis.ts';

/**
 * Everything that touches the outside world, opened once per process and
 * handed to the app. Only these adapters differ between the embedded default
 * and production; everything above them is the same code.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  redis: Redis | undefined;
  queue: JobQueue;
  mail: MailTransport;
  /** This process's Prometheus registry and instruments (`GET /metrics`). */
  metrics: Metrics;
  close(): Promise<void>;
}

export interface ContextOverrides {
  database?: DatabaseHandle;
  /** Skip migrations (tests that already loaded a migrated snapshot). */
  skipMigrations?: boolean;
}

export async function createAppContext(
  config: Config,
  logger: FastifyBaseLogger,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  if (!overrides.skipMigrations) {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  }

  const redis = config.redisUrl ? createRedis(config.redisUrl, logger, 'main') : undefined;
  // Recurring jobs start with the worker, so only the worker role (RUN_WORKER or `npm run worker`) schedules them.
  const recurring = maintenanceSchedule(config);
  const rawQueue: JobQueue = redis
    ? new BullJobQueue(redis, `${config.redisPrefix}:bull`, logger, recurring)
    : new MemoryJobQueue(logger, recurring);
  const metrics = createMetrics({ queue: rawQueue, pool: database.pool });
  const queue = new InstrumentedJobQueue(rawQueue, metrics, logger);
  const mail: MailTransport = config.smtpUrl
    ? new SmtpMailTransport(config.smtpUrl, config.mailFrom)
    : new DevOutboxTransport(database.db, logger);

  return {
    config,
    database,
    db: database.db,
    redis,
    queue,
    mail,
    metrics,
    async close() {
      await queue.close();
      await mail.close();
      if (redis) await quitRedis(redis);
      await database.close();
    },
  };
}
