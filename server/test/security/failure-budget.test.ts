import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { assertTriesLeftEach, createFailureBudget } from '../../src/http/failure-budget.ts';

/**
 * The failure budgets in Redis, shared by the nodes: a key past its budget
 * waits out its window; a node that saw it spent remembers that until the
 * window ends, so a flood's refusals do not each cost a round trip.
 */
const redisUrl = process.env.REDIS_URL;

if (redisUrl) {
  describe('a failure budget in Redis', () => {
    const redis = new Redis(redisUrl);
    const prefix = `fffb:${randomBytes(4).toString('hex')}`;
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('refuses a spent key for the rest of its window, and no longer asks Redis for it', async () => {
      // Budgets go unenforced until the connection is up (a Redis outage must not stop guests).
      await redis.ping();
      const options = { name: 'test', max: 2, windowMs: 60_000 };
      const budget = createFailureBudget(options, redis, prefix);
      expect(await budget.retryAfterSeconds(['10.0.0.1'])).toBe(0);
      await budget.spend(['10.0.0.1']);
      expect(await budget.retryAfterSeconds(['10.0.0.1'])).toBe(0);
      await budget.spend(['10.0.0.1']);
      const wait = await budget.retryAfterSeconds(['10.0.0.1']);
      expect(wait).toBeGreaterThan(55);
      expect(wait).toBeLessThanOrEqual(60);

      // Another node's budget (same Redis) learns it from Redis; this node no longer asks.
      const otherNode = createFailureBudget(options, redis, prefix);
      expect(await otherNode.retryAfterSeconds(['10.0.0.1'])).toBe(wait);
      const roundTrips = vi.spyOn(redis, 'pipeline');
      for (let i = 0; i < 20; i += 1) {
        expect(await budget.retryAfterSeconds(['10.0.0.1'])).toBeGreaterThan(0);
      }
      // The 20 refusals never reached Redis.
      expect(roundTrips).not.toHaveBeenCalled();
      roundTrips.mockRestore();

      // Other keys are still asked, and free.
      expect(await budget.retryAfterSeconds(['10.0.0.2'])).toBe(0);
      await expect(
        assertTriesLeftEach([
          [budget, ['10.0.0.2']],
          [otherNode, ['10.0.0.1']],
        ]),
      ).rejects.toMatchObject({ statusCode: 429 });
    });
  });
} else {
  describe.skip('a failure budget in Redis (set REDIS_URL)', () => {
    it('needs Redis', () => undefined);
  });
}
