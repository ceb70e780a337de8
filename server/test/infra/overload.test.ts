import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@floorfill/shared';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type RawEnv } from '../../src/config.ts';
import { createAppContext } from '../../src/infra/context.ts';
import { openDatabase } from '../../src/infra/db.ts';
import { createLogger } from '../../src/infra/logger.ts';
import { cloneTemplateDatabase, type ScratchDatabase } from '../helpers/fault-cluster.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** How long each check waits for the node to start or stop shedding. */
const SETTLE = { timeout: 10_000, interval: 10 };

/** A route that writes to the database (a new guest and session) and answers 200. */
const loginAsGuest = (t: TestApp) => post(t, '/api/v1/login-as-guest', {});

/**
 * Keeps this process's event loop busy in 100 ms slices of synchronous work,
 * as Socket.IO fan-out to thousands of sockets does, until stopped. Between
 * slices the loop still turns, so requests are taken in and answered.
 */
function holdEventLoop(): { stop(): void } {
  let held = true;
  // Slices five times the test's 20 ms threshold: a timer waits up to a whole
  // slice, so the sampled mean delay stays far above it (40 ms slices left the
  // mean near 20 ms and the node flapped in and out of pressure).
  const slice = () => {
    if (!held) return;
    const until = performance.now() + 100;
    while (performance.now() < until) {
      // Busy: nothing else runs on this thread until the slice ends.
    }
    setImmediate(slice);
  };
  slice();
  return {
    stop() {
      held = false;
    },
  };
}

/** overload_shed_total for one reason, as /metrics reports it. */
async function shedCount(t: TestApp, reason: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  const line = new RegExp(`^overload_shed_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(
    res.body,
  );
  return Number(line?.[1] ?? 0);
}

function expectBusy(res: LightMyRequestResponse, retryAfterSeconds: number): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
  expect(res.json()).toMatchObject({
    status: false,
    msg: MSG.serverBusy,
    data: { retry_after_seconds: retryAfterSeconds, request_id: res.headers['x-request-id'] },
  });
}

describe('overload settings', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'floorfill-overload-config-'));

  it('shed on a delayed event loop by default on Postgres (not on utilization, not embedded), except in tests, which set their own', () => {
    const embedded = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir() }).overload;
    // PGlite runs queries on the loop, and a laptop has no other node: off unless set.
    expect(embedded).toMatchObject({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0 });
    const outsideTests = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused',
    }).overload;
    expect(outsideTests).toEqual({
      maxEventLoopDelayMs: 200,
      maxEventLoopUtilization: 0,
      maxPoolWaiting: 50,
      sampleIntervalMs: 1000,
      retryAfterSeconds: 2,
    });
    const test = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir() }).overload;
    expect(test).toMatchObject({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0 });
    const chosen = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir(),
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50',
      OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.9',
    }).overload;
    expect(chosen).toMatchObject({ maxEventLoopDelayMs: 50, maxEventLoopUtilization: 0.9 });
  });

  it.each([
    ['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', '-1'],
    ['OVERLOAD_MAX_EVENT_LOOP_UTILIZATION', '1.5'],
    ['OVERLOAD_MAX_POOL_WAITING', 'many'],
    ['OVERLOAD_SAMPLE_INTERVAL_MS', '0'],
    ['OVERLOAD_RETRY_AFTER_SECONDS', '0'],
  ])('refuses a wrong %s and names it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrowError(
      new RegExp(`${name}:`),
    );
  });
});

describe('a node whose event loop is held up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '20',
      OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
      OVERLOAD_SAMPLE_INTERVAL_MS: '100',
      OVERLOAD_RETRY_AFTER_SECONDS: '3',
      GUEST_LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sheds requests with 503 busy and Retry-After, keeps health and metrics up, and serves again once the loop is free', async () => {
    // Start-up itself holds the loop for a moment: wait until the node serves.
    await vi.waitFor(async () => expect((await loginAsGuest(t)).statusCode).toBe(200), SETTLE);

    const load = holdEventLoop();
    try {
      await vi.waitFor(async () => expect((await loginAsGuest(t)).statusCode).toBe(503), SETTLE);
      expectBusy(await loginAsGuest(t), 3);
      expect(t.app.isUnderPressure()).toBe(true);
      const liveness = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(liveness.statusCode).toBe(200);
      const readiness = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(readiness.json().msg).not.toBe(MSG.serverBusy);
      // The web app's pages are never shed: only the API is.
      const page = await t.app.inject({ method: 'GET', url: '/auth/login' });
      expect(page.statusCode).not.toBe(503);
      expect(await shedCount(t, 'event_loop_delay')).toBeGreaterThanOrEqual(2);
      expect(t.app.isUnderPressure()).toBe(true);
    } finally {
      load.stop();
    }

    await vi.waitFor(async () => expect((await loginAsGuest(t)).statusCode).toBe(200), SETTLE);
  });
});

describe('a node whose event loop is busy all the time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.9',
      OVERLOAD_SAMPLE_INTERVAL_MS: '100',
      GUEST_LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sheds on utilization alone and serves again once the loop idles', async () => {
    await vi.waitFor(async () => expect((await loginAsGuest(t)).statusCode).toBe(200), SETTLE);

    const load = holdEventLoop();
    try {
      await vi.waitFor(async () => expect((await loginAsGuest(t)).statusCode).toBe(503), SETTLE);
      expectBusy(await loginAsGuest(t), 2);
      expect(await shedCount(t, 'event_loop_utilization')).toBeGreaterThanOrEqual(2);
      expect(await shedCount(t, 'event_loop_delay')).toBe(0);
    } finally {
      load.stop();
    }

    await vi.waitFor(async () => expect((await loginAsGuest(t)).statusCode).toBe(200), SETTLE);
  });
});

const templateUrl = inject('templateDatabaseUrl');

/** The real app on its own database clone, with a pg pool of one connection that a query waits for at most a second. */
async function createAppWithOneConnection(databaseUrl: string, env: RawEnv): Promise<TestApp> {
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'floorfill-overload-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: scratchDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(scratchDir, 'no-web'),
    ...env,
  });
  const logger = createLogger(config);
  const database = await openDatabase({
    databaseUrl,
    dataDir: scratchDir,
    poolSize: 1,
    connectionTimeoutMs: 1000,
  });
  const ctx = await createAppContext(config, logger, { database, skipMigrations: true });
  const app = await buildApp(ctx, logger);
  await app.ready();
  return {
    app,
    ctx,
    config,
    async close() {
      await app.close();
      await ctx.close();
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!templateUrl)(
  'a node whose database connections are all in use (needs DATABASE_URL: PGlite has no pool)',
  () => {
    let scratch: ScratchDatabase;
    let t: TestApp;
    let pool: pg.Pool;
    beforeAll(async () => {
      if (!templateUrl) return;
      scratch = await cloneTemplateDatabase(templateUrl, 'overload');
      t = await createAppWithOneConnection(scratch.url, { OVERLOAD_MAX_POOL_WAITING: '1' });
      if (!t.ctx.database.pool) throw new Error('expected a pg pool');
      pool = t.ctx.database.pool;
    });
    afterAll(async () => {
      await t.close();
      await scratch.drop();
    });

    it('answers a query that waited out the pool with 503 busy, not "database unavailable", and counts it', async () => {
      const held = await pool.connect();
      try {
        const res = await loginAsGuest(t);
        expectBusy(res, 2);
        expect(res.json().msg).not.toBe(MSG.serviceUnavailable);
        expect(await shedCount(t, 'pool_exhausted')).toBe(1);
      } finally {
        held.release();
      }
      expect((await loginAsGuest(t)).statusCode).toBe(200);
    });

    it('turns new requests away at once while too many queries wait for a connection', async () => {
      const held = await pool.connect();
      const queued = [loginAsGuest(t), loginAsGuest(t)];
      try {
        await vi.waitFor(() => expect(pool.waitingCount).toBe(2), SETTLE);
        expectBusy(await loginAsGuest(t), 2);
        expect(await shedCount(t, 'pool_waiting')).toBe(1);
      } finally {
        held.release();
      }
      // The queue drains once the connection is free: the waiting requests are served.
      const statuses = (await Promise.all(queued)).map((res) => res.statusCode);
      expect(statuses).toEqual([200, 200]);
    });
  },
);
