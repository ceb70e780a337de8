import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyDatabase } from '../helpers/fault-cluster.ts';
import {
  PROCESS_TEST_TIMEOUT_MS,
  freePort,
  processDatabase,
  productionSecrets,
  spawnServer,
  stopServer,
  waitUntilServing,
  type ServerProcess,
} from './server-process.ts';

/**
 * The compose stack's other commands, run as the container runs them:
 * `server/src/cli/migrate.ts` (one-shot) and `server/src/cli/worker.ts`
 * (jobs from BullMQ, with health and metrics on WORKER_PORT).
 */

const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-cli-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => stopServer(server)));
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

describe('migrate', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const templateUrl = inject('templateDatabaseUrl');

  it.skipIf(!templateUrl)(
    'applies every migration to an empty Postgres database, then finds nothing to do',
    async () => {
      const database = await emptyDatabase(templateUrl ?? '', 'migrate');
      try {
        const env = {
          NODE_ENV: 'production',
          PUBLIC_URL: 'http://localhost:3000',
          SMTP_URL: 'smtp://127.0.0.1:2525',
          DEMO_PAYMENTS: 'true',
          DATABASE_URL: database.url,
          DATA_DIR: path.join(scratch, 'migrate'),
          ...productionSecrets(),
        };
        const first = await spawnServer(env, 'server/src/cli/migrate.ts');
        servers.push(first);
        expect((await first.exited).code).toBe(0);
        expect(first.output()).toContain('Applied: 202611210800_initial_schema');

        const second = await spawnServer(env, 'server/src/cli/migrate.ts');
        servers.push(second);
        expect((await second.exited).code).toBe(0);
        expect(second.output()).toContain('Database is up to date.');
      } finally {
        await database.drop();
      }
    },
  );

  it('refuses an unsafe production configuration like the app does', async () => {
    const migrate = await spawnServer(
      { NODE_ENV: 'production', DATA_DIR: path.join(scratch, 'refused') },
      'server/src/cli/migrate.ts',
    );
    servers.push(migrate);
    expect((await migrate.exited).code).toBe(1);
    expect(migrate.output()).toContain('JWT_SECRET: required in production');
  });
});

describe('worker', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const redisUrl = process.env.REDIS_URL;

  it('refuses to start without REDIS_URL', async () => {
    const worker = await spawnServer(
      { NODE_ENV: 'test', DATA_DIR: path.join(scratch, 'no-redis'), LOG_LEVEL: 'info' },
      'server/src/cli/worker.ts',
    );
    servers.push(worker);
    expect((await worker.exited).code).toBe(1);
    expect(worker.output()).toContain('npm run worker needs REDIS_URL');
  });

  it.skipIf(!redisUrl)(
    'answers health and metrics on WORKER_PORT and stops with exit code 0 on SIGTERM',
    async () => {
      const dataDir = path.join(scratch, 'worker');
      const database = await processDatabase(dataDir);
      const redisPrefix = `ffops:${randomBytes(4).toString('hex')}`;
      const port = await freePort();
      try {
        const worker = await spawnServer(
          {
            NODE_ENV: 'test',
            DATA_DIR: dataDir,
            REDIS_URL: redisUrl,
            REDIS_PREFIX: redisPrefix,
            WORKER_PORT: String(port),
            LOG_LEVEL: 'info',
            ...productionSecrets(),
            ...database.env,
          },
          'server/src/cli/worker.ts',
        );
        servers.push(worker);
        const baseUrl = `http://127.0.0.1:${port}`;
        await waitUntilServing({ ...worker, baseUrl }, '/readyz');
        const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
        expect(metrics).toContain('jobs_waiting 0');
        expect(metrics).toContain('# TYPE jobs_failed_total counter');

        worker.child.kill('SIGTERM');
        expect(await worker.exited).toEqual({ code: 0, signal: null });
        expect(worker.output()).toContain('shut down cleanly');
      } finally {
        await database.drop();
        const redis = new Redis(redisUrl ?? '');
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    },
  );
});
