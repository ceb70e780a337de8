import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config, type RawEnv } from '../../src/config.ts';
import { createAppContext, type AppContext } from '../../src/infra/context.ts';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db.ts';
import { createLogger } from '../../src/infra/logger.ts';
import { jobHandlers } from '../../src/jobs.ts';
import { checkRequestsAgainstDocument } from './request-contract.ts';

/**
 * A fresh, migrated database for one test file: a Postgres database cloned
 * from the run's template, or a PGlite instance loaded from the run's snapshot.
 */
export async function openTestDatabase(
  scratchDir: string,
  { poolSize = 5 }: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  const templateUrl = inject('templateDatabaseUrl');
  if (templateUrl) {
    const template = new URL(templateUrl);
    const templateName = template.pathname.slice(1);
    const name = `${templateName}_${randomBytes(4).toString('hex')}`;
    const admin = new URL(templateUrl);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(`create database "${name}" template "${templateName}"`);
    } finally {
      await client.end();
    }
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: scratchDir,
      poolSize,
    });
    return {
      ...handle,
      async close() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: admin.toString() });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const snapshotPath = inject('pgliteSnapshotPath');
  if (!snapshotPath) throw new Error('global setup provided no database');
  return openDatabase({
    databaseUrl: undefined,
    dataDir: scratchDir,
    pgliteInMemory: true,
    pgliteLoadDataDir: new Blob([readFileSync(snapshotPath)]),
  });
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, with the real Redis when REDIS_URL is set
 * (CI) under a key prefix of its own. Nothing listens: use app.inject(), or
 * app.listen({ port: 0, host: '127.0.0.1' }) for socket clients.
 */
export async function createTestApp(env: RawEnv = {}): Promise<TestApp> {
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'floorfill-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: scratchDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: `fftest:${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(scratchDir, 'no-web'),
    // Tests send many more song requests and searches per user than a person; the rate-limit tests set their own.
    SONG_REQUEST_RATE_LIMIT_PER_MINUTE: '100000',
    SONG_SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
    // Tests never reach the internet: song search is the built-in catalog unless a test points a provider at its fake.
    CATALOG_PROVIDER: 'catalog',
    ...env,
  });
  const logger = createLogger(config);
  const database = await openTestDatabase(scratchDir);
  const ctx = await createAppContext(config, logger, { database, skipMigrations: true });
  const app = await buildApp(ctx, logger);
  const requests = checkRequestsAgainstDocument(app);
  await ctx.queue.startWorker(jobHandlers(ctx, { liveQueue: app.services.liveQueue }));
  await app.ready();
  return {
    app,
    ctx,
    config,
    /** Also fails when a request the app accepted was outside its /api/openapi.json. */
    async close() {
      await app.close();
      if (ctx.redis) {
        const keys = await ctx.redis.keys(`${config.redisPrefix}*`);
        if (keys.length > 0) await ctx.redis.del(...keys);
      }
      await ctx.close();
      rmSync(scratchDir, { recursive: true, force: true });
      requests.assertAllInside();
    },
  };
}

/**
 * A second node of the same deployment: same database, same Redis prefix and
 * secrets, its own Socket.IO server, queue and Redis connections. With
 * REDIS_URL set, emits on one node reach sockets on the other.
 */
export async function createPeerApp(t: TestApp): Promise<TestApp> {
  const logger = createLogger(t.config);
  const sharedDatabase: DatabaseHandle = { ...t.ctx.database, close: async () => undefined };
  const ctx = await createAppContext(t.config, logger, {
    database: sharedDatabase,
    skipMigrations: true,
  });
  const app = await buildApp(ctx, logger);
  const requests = checkRequestsAgainstDocument(app);
  await app.ready();
  return {
    app,
    ctx,
    config: t.config,
    async close() {
      await app.close();
      await ctx.close();
      requests.assertAllInside();
    },
  };
}
