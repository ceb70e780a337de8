import { MSG } from '@floorfill/shared';
import type { Redis } from 'ioredis';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './errors.ts';

/**
 * Budgets of tries per key (an address, an account) over a window, kept by
 * rate-limiter-flexible: in Redis when the app has it (every node shares
 * them), else in this process. Only what a route chooses to spend is counted
 * (wrong codes, failed sign-ins, guest logins). While Redis is unreachable a
 * budget is not enforced: it reads as untouched and spending is skipped (a
 * Redis outage must not stop guests joining).
 */
export interface Budget {
  /** 0 while the key has tries left; else the milliseconds until it has one again. */
  waitMs(key: string): Promise<number>;
  /** One try of the key; answers how many it spent in the window so far (0 when not enforced). */
  spend(key: string): Promise<number>;
  /** Tries the key spent in its sustained window so far (0 when not enforced). */
  spent(key: string): Promise<number>;
}

export interface BudgetOptions {
  /** Names the budget in Redis keys (`<prefix>:budget:<name>:<key>`). */
  name: string;
  points: number;
  durationSeconds: number;
  /**
   * Tries on top of the sustained rate, spent only once it is used up and
   * refilled over their own (longer) window: a door rush's many tries at once.
   */
  burst?: { points: number; durationSeconds: number };
}

function limiter(
  name: string,
  points: number,
  duration: number,
  redis: Redis | undefined,
  prefix: string,
): RateLimiterAbstract {
  const keyPrefix = `${prefix}:budget:${name}`;
  return redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points,
        duration,
        rejectIfRedisNotReady: true,
      })
    : new RateLimiterMemory({ keyPrefix, points, duration });
}

/** A store's own failure (not "no points left"): the budget is not enforced for this call. */
const unenforced = (error: unknown) => {
  if (error instanceof RateLimiterRes) throw error;
  return null;
};

export function createBudget(
  { name, points, durationSeconds, burst }: BudgetOptions,
  redis: Redis | undefined,
  prefix: string,
): Budget {
  const sustained = limiter(name, points, durationSeconds, redis, prefix);
  const extra =
    burst && burst.points > 0
      ? limiter(`${name}-burst`, burst.points, burst.durationSeconds, redis, prefix)
      : undefined;
  const spender = extra ? new BurstyRateLimiter(sustained, extra) : sustained;

  /** Milliseconds until one limiter has a point again; 0 while it has points left. */
  const waitOf = (res: RateLimiterRes | null, max: number) =>
    res && res.consumedPoints >= max ? Math.max(res.msBeforeNext, 1) : 0;

  return {
    async waitMs(key) {
      const [main, more] = await Promise.all([
        sustained.get(key).catch(unenforced),
        extra?.get(key).catch(unenforced),
      ]);
      const mainWait = waitOf(main, points);
      if (mainWait === 0 || !extra || !burst || burst.points === 0) return mainWait;
      const burstWait = waitOf(more ?? null, burst.points);
      return burstWait === 0 ? 0 : Math.min(mainWait, burstWait);
    },
    async spent(key) {
      const res = await sustained.get(key).catch(unenforced);
      return res?.consumedPoints ?? 0;
    },
    async spend(key) {
      try {
        const res = await spender.consume(key);
        return res.consumedPoints;
      } catch (error) {
        // Past the budget is what the route asked about already; a store failure is not enforced.
        return error instanceof RateLimiterRes ? error.consumedPoints : 0;
      }
    },
  };
}

/** 429 with the wait, for a budget of one person (an account) or of everyone, when it is spent. */
export async function assertTriesLeft(budget: Budget, key: string): Promise<void> {
  const wait = await budget.waitMs(key);
  if (wait > 0) {
    throw tooManyRequests(MSG.tooManyRequests, { retry_after_seconds: Math.ceil(wait / 1000) });
  }
}
