import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createBudget } from '../../src/http/budgets.ts';

/**
 * The budgets on rate-limiter-flexible: a sustained rate, then a burst,
 * then spent; shared by the nodes through Redis; not enforced while Redis is
 * unreachable (a Redis outage must not stop guests joining).
 */
const options = {
  name: 'test',
  points: 2,
  durationSeconds: 600,
  burst: { points: 1, durationSeconds: 86_400 },
};

describe('a budget in memory', () => {
  it('spends the sustained rate, then the burst, then waits', async () => {
    const budget = createBudget(options, undefined, 'ffbudget');
    const waits = [];
    for (let index = 0; index < 3; index += 1) {
      waits.push(await budget.waitMs('10.0.0.1'));
      await budget.spend('10.0.0.1');
    }
    expect(waits).toEqual([0, 0, 0]);
    expect(await budget.waitMs('10.0.0.1')).toBeGreaterThan(0);
    expect(await budget.waitMs('10.0.0.2')).toBe(0);
  });

  it('is not enforced while its Redis is unreachable', async () => {
    const offline = new Redis({ lazyConnect: true, port: 1 });
    try {
      const budget = createBudget(options, offline, 'ffbudget');
      for (let index = 0; index < 5; index += 1) {
        expect(await budget.spend('10.0.0.3')).toBe(0);
      }
      expect(await budget.waitMs('10.0.0.3')).toBe(0);
    } finally {
      offline.disconnect();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('a budget in Redis', () => {
  const redis = new Redis(redisUrl ?? '');
  const prefix = `ffbudget:${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('is shared by the nodes', async () => {
    await redis.ping();
    const node = createBudget(options, redis, prefix);
    const otherNode = createBudget(options, redis, prefix);
    await node.spend('10.0.0.4');
    await otherNode.spend('10.0.0.4');
    await node.spend('10.0.0.4');
    expect(await otherNode.waitMs('10.0.0.4')).toBeGreaterThan(0);
    expect(await otherNode.spent('10.0.0.4')).toBe(3);
  });
});
