import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BullJobQueue } from '../../src/infra/bullmq-queue.ts';
import type { MailMessage } from '../../src/infra/mail.ts';
import { MemoryJobQueue } from '../../src/infra/memory-queue.ts';
import type { JobHandlers, JobQueue } from '../../src/infra/queue.ts';
import { createRedis, quitRedis } from '../../src/infra/redis.ts';

const logger = pino({ level: 'silent' });
const message = (to: string): MailMessage => ({ to, subject: 's', text: 't', html: '<p>t</p>' });

type QueueFactory = () => JobQueue;
const factories: Array<[string, QueueFactory]> = [['memory', () => new MemoryJobQueue(logger)]];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  factories.push([
    'bullmq',
    () =>
      new BullJobQueue(
        createRedis(redisUrl, logger, 'test'),
        `fftest:${randomBytes(4).toString('hex')}`,
        logger,
      ),
  ]);
}

describe.each(factories)('%s job queue', (_kind, makeQueue) => {
  let queue: JobQueue;
  afterEach(async () => {
    await queue.close();
  });

  function handlersRecording(
    calls: Array<{ to: string; attempt: number }>,
    failTimes = 0,
  ): JobHandlers {
    return {
      'mail:send': async (payload, job) => {
        calls.push({ to: payload.to, attempt: job.attempt });
        if (job.attempt <= failTimes) throw new Error(`planned failure ${job.attempt}`);
      },
      'stripe:event': async () => undefined,
      'stripe:detach-card': async () => undefined,
      'push:notify': async () => undefined,
      'boost:payment': async () => undefined,
      'boost:review': async () => undefined,
      'boost:settle': async () => undefined,
      'boost:sweep': async () => undefined,
      'maintenance:prune': async () => undefined,
    };
  }

  it('runs each enqueued job once', async () => {
    queue = makeQueue();
    const calls: Array<{ to: string; attempt: number }> = [];
    await queue.startWorker(handlersRecording(calls));
    await queue.enqueue('mail:send', message('a@example.com'));
    await queue.enqueue('mail:send', message('b@example.com'));
    await queue.idle();
    expect(calls.map((c) => c.to).sort()).toEqual(['a@example.com', 'b@example.com']);
  });

  it('retries a failing job with a growing attempt number until it succeeds', async () => {
    queue = makeQueue();
    const calls: Array<{ to: string; attempt: number }> = [];
    await queue.startWorker(handlersRecording(calls, 2));
    await queue.enqueue('mail:send', message('retry@example.com'));
    await queue.idle();
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
  });

  it('drops a second job with the same job id', async () => {
    queue = makeQueue();
    const calls: Array<{ to: string; attempt: number }> = [];
    await queue.enqueue('mail:send', message('once@example.com'), { jobId: 'same-id' });
    await queue.enqueue('mail:send', message('once@example.com'), { jobId: 'same-id' });
    await queue.startWorker(handlersRecording(calls));
    await queue.idle();
    expect(calls).toHaveLength(1);
  });

  it('keeps jobs enqueued before a worker starts and runs them when it does', async () => {
    queue = makeQueue();
    const calls: Array<{ to: string; attempt: number }> = [];
    await queue.enqueue('mail:send', message('early@example.com'));
    expect(await queue.pendingCount()).toBe(1);
    await queue.startWorker(handlersRecording(calls));
    await queue.idle();
    expect(calls).toEqual([{ to: 'early@example.com', attempt: 1 }]);
  });
});

describe.skipIf(!redisUrl)('bullmq job queue connections', () => {
  it('closes every Redis connection it opened for its workers', async () => {
    const prefix = `fftest:${randomBytes(4).toString('hex')}`;
    const redis = createRedis(redisUrl as string, logger, 'test');
    const queue = new BullJobQueue(redis, prefix, logger, [
      { name: 'maintenance:prune', everyMs: 60_000, payload: {} },
    ]);
    // Connections named after this queue's prefix: its workers' own and BullMQ's blocking ones.
    const open = async () =>
      ((await redis.call('CLIENT', 'LIST')) as string)
        .split('\n')
        .map((line) => / name=(\S*)/.exec(line)?.[1] ?? '')
        .filter((name) => name.includes(prefix));
    try {
      await queue.startWorker({
        'mail:send': async () => undefined,
        'stripe:event': async () => undefined,
        'stripe:detach-card': async () => undefined,
        'push:notify': async () => undefined,
        'boost:payment': async () => undefined,
        'boost:review': async () => undefined,
        'boost:settle': async () => undefined,
        'boost:sweep': async () => undefined,
        'maintenance:prune': async () => undefined,
      });
      expect(await open()).toContain(`floorfill:worker:${prefix}`);

      await queue.close();

      expect(await open()).toEqual([]);
    } finally {
      await quitRedis(redis);
    }
  });
});
