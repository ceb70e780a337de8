import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, type ConnectionOptions } from 'bullmq';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { BullJobQueue } from '../../src/infra/bullmq-queue.ts';
import { createAppContext, type AppContext } from '../../src/infra/context.ts';
import { MemoryJobQueue } from '../../src/infra/memory-queue.ts';
import type { JobHandlers, JobQueue, RecurringJob } from '../../src/infra/queue.ts';
import { createRedis } from '../../src/infra/redis.ts';
import { jobHandlers } from '../../src/jobs.ts';
import { PRUNE_GRACE_SECONDS } from '../../src/maintenance/prune-expired.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

const logger = pino({ level: 'silent' });
const redisUrl = process.env.REDIS_URL;
const EVERY_MS = 150;
const recurringPrune: RecurringJob[] = [
  { name: 'maintenance:prune', payload: {}, everyMs: EVERY_MS },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

function countingHandlers(runs: { count: number }): JobHandlers {
  return {
    'mail:send': async () => undefined,
    'stripe:event': async () => undefined,
    'stripe:detach-card': async () => undefined,
    'push:notify': async () => undefined,
    'boost:payment': async () => undefined,
    'boost:review': async () => undefined,
    'boost:settle': async () => undefined,
    'boost:sweep': async () => undefined,
    'maintenance:prune': async () => {
      runs.count += 1;
    },
  };
}

type QueueFactory = (recurring: RecurringJob[]) => JobQueue;
const factories: Array<[string, QueueFactory]> = [
  ['memory', (recurring) => new MemoryJobQueue(logger, recurring)],
];
if (redisUrl) {
  factories.push([
    'bullmq',
    (recurring) =>
      new BullJobQueue(
        createRedis(redisUrl, logger, 'test'),
        `fftest:${randomBytes(4).toString('hex')}`,
        logger,
        recurring,
      ),
  ]);
}

describe.each(factories)('recurring jobs on the %s queue', (_kind, makeQueue) => {
  let queue: JobQueue;
  afterEach(async () => {
    await queue.close();
  });

  it('schedules nothing until the worker starts, then runs the job every interval', async () => {
    queue = makeQueue(recurringPrune);
    await sleep(EVERY_MS * 3);
    expect(await queue.pendingCount()).toBe(0);

    const runs = { count: 0 };
    await queue.startWorker(countingHandlers(runs));
    await waitFor(() => runs.count >= 2);
  });

  it('keeps the schedule out of the pending count, so idle() still resolves', async () => {
    queue = makeQueue([{ name: 'maintenance:prune', payload: {}, everyMs: 60 * 60_000 }]);
    await queue.startWorker(countingHandlers({ count: 0 }));
    await queue.enqueue('mail:send', { to: 'a@example.com', subject: 's', text: 't', html: 't' });

    await queue.idle();
    expect(await queue.pendingCount()).toBe(0);
  });

  it('stops running the job once the queue is closed', async () => {
    queue = makeQueue(recurringPrune);
    const runs = { count: 0 };
    await queue.startWorker(countingHandlers(runs));
    await waitFor(() => runs.count >= 1);
    await queue.close();
    const afterClose = runs.count;

    await sleep(EVERY_MS * 4);
    expect(runs.count).toBe(afterClose);
  });
});

/** A context as main.ts and the worker open it, on a fresh database. */
async function openContext(env: Record<string, string | undefined>) {
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'floorfill-prune-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: scratchDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    REDIS_PREFIX: `fftest:${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const database = await openTestDatabase(scratchDir);
  const ctx = await createAppContext(config, logger, { database, skipMigrations: true });
  return {
    ctx,
    config,
    async close() {
      if (ctx.redis) {
        const keys = await ctx.redis.keys(`${config.redisPrefix}*`);
        if (keys.length > 0) await ctx.redis.del(...keys);
      }
      await ctx.close();
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

async function insertLongExpiredSession(ctx: AppContext): Promise<string> {
  const user = await ctx.db
    .insertInto('users')
    .values({ name: 'Guest', is_guest: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  const expiredAt = new Date(Date.now() - (PRUNE_GRACE_SECONDS + 3600) * 1000);
  await ctx.db
    .insertInto('sessions')
    .values({ id, user_id: user.id, expires_at: expiredAt })
    .execute();
  return id;
}

async function sessionExists(ctx: AppContext, id: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

describe('the prune schedule of a node (in-process queue)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prunes every PRUNE_INTERVAL_MINUTES once the worker runs', async () => {
    const node = await openContext({ REDIS_URL: undefined, PRUNE_INTERVAL_MINUTES: '15' });
    try {
      const sessionId = await insertLongExpiredSession(node.ctx);
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      await node.ctx.queue.startWorker(jobHandlers(node.ctx, { logger }));

      vi.advanceTimersByTime(15 * 60_000 - 1);
      await node.ctx.queue.idle();
      expect(await sessionExists(node.ctx, sessionId)).toBe(true);

      vi.advanceTimersByTime(1);
      await node.ctx.queue.idle();
      expect(await sessionExists(node.ctx, sessionId)).toBe(false);
    } finally {
      await node.close();
    }
  });

  it('prunes nothing on a node that does not run the worker (RUN_WORKER=false)', async () => {
    const node = await openContext({ REDIS_URL: undefined, PRUNE_INTERVAL_MINUTES: '15' });
    try {
      const sessionId = await insertLongExpiredSession(node.ctx);
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

      vi.advanceTimersByTime(60 * 60_000);
      await node.ctx.queue.idle();
      expect(await sessionExists(node.ctx, sessionId)).toBe(true);
    } finally {
      await node.close();
    }
  });
});

describe.runIf(redisUrl)('the prune schedule of a deployment (BullMQ)', () => {
  function recurringQueueOf(config: Config, ctx: AppContext) {
    if (!ctx.redis) throw new Error('no Redis');
    return new Queue('recurring', {
      connection: ctx.redis as ConnectionOptions,
      prefix: `${config.redisPrefix}:bull`,
    });
  }

  it('has one job scheduler per recurring job (the prune every PRUNE_INTERVAL_MINUTES, the boost sweep), however many workers start, and none before', async () => {
    const env = { REDIS_URL: redisUrl, PRUNE_INTERVAL_MINUTES: '15' };
    const first = await openContext(env);
    const second = await openContext({ ...env, REDIS_PREFIX: first.config.redisPrefix });
    const inspect = recurringQueueOf(first.config, first.ctx);
    try {
      expect(await inspect.getJobSchedulersCount()).toBe(0);

      const startedAt = Date.now();
      await first.ctx.queue.startWorker(jobHandlers(first.ctx, { logger }));
      await second.ctx.queue.startWorker(jobHandlers(second.ctx, { logger }));

      expect(await inspect.getJobSchedulersCount()).toBe(2);
      expect((await inspect.getJobScheduler('boost:sweep'))?.every).toBe(15_000);
      const scheduler = await inspect.getJobScheduler('maintenance:prune');
      expect(scheduler?.every).toBe(15 * 60_000);
      expect(scheduler?.next).toBeGreaterThanOrEqual(startedAt + 15 * 60_000);
      expect(await first.ctx.queue.pendingCount()).toBe(0);
    } finally {
      await inspect.close();
      await second.close();
      await first.close();
    }
  });
});
