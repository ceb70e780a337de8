import { MSG } from '@floorfill/shared';
import type { ChainableCommander, Redis } from 'ioredis';
import { tooManyRequests } from './errors.ts';

/**
 * A budget of failed tries per key (an address, an account) over a window:
 * wrong event codes, wrong passwords. Only failures are spent — someone who
 * types the right code or password is never slowed by the budget — and a
 * key past its budget is refused before the work is done (no database lookup
 * of a guessed code, no argon2 of a guessed password). With Redis the budget
 * is shared by every node; without, it is this process's. While Redis is
 * unreachable the budgets are not enforced (a Redis outage must not stop
 * guests joining), as with the per-user request limits.
 */
/** Spent keys a Redis budget remembers per node (a flood of new addresses stays bounded). */
const SPENT_KEYS_REMEMBERED = 100_000;

/** The window every failure budget of the app counts over. */
export const FAILURE_WINDOW_MS = 10 * 60_000;

export interface FailureBudget {
  /** Seconds until every one of these keys may try again; 0 when all still have tries. */
  retryAfterSeconds(keys: readonly string[]): Promise<number>;
  /** One failure for each of these keys; answers each key's failures in its window so far. */
  spend(keys: readonly string[]): Promise<number[]>;
  /**
   * A Redis budget's reads, queued on a pipeline another budget's reads
   * share (one round trip for a route checking several budgets); the answer
   * reads this budget's wait in milliseconds from that pipeline's results.
   */
  readonly queueReads?: (
    pipeline: ChainableCommander,
    keys: readonly string[],
  ) => (results: PipelineResults, offset: number) => number;
  /** The connection a Redis budget reads from: budgets on the same one can share a pipeline. */
  readonly redis?: Redis;
  /**
   * How long, in milliseconds, this node already knows these keys must wait
   * (a Redis budget remembers a spent key until its window ends); 0 when it
   * does not know, and Redis must be asked.
   */
  readonly knownWaitMs?: (keys: readonly string[]) => number;
}

type PipelineResults = Array<[Error | null, unknown]>;

export interface FailureBudgetOptions {
  /** Names the budget in Redis keys (`<prefix>:fail:<name>:<key>`). */
  name: string;
  max: number;
  windowMs: number;
}

export function createFailureBudget(
  options: FailureBudgetOptions,
  redis: Redis | undefined,
  prefix: string,
): FailureBudget {
  return redis ? redisBudget(options, redis, prefix) : memoryBudget(options);
}

function memoryBudget({ max, windowMs }: FailureBudgetOptions): FailureBudget {
  const spent = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = spent.get(key);
    if (entry && entry.resetAt <= now) spent.delete(key);
    return entry && entry.resetAt > now ? entry : undefined;
  };
  return {
    async retryAfterSeconds(keys) {
      const now = Date.now();
      let wait = 0;
      for (const key of keys) {
        const entry = live(key, now);
        if (entry && entry.count >= max) wait = Math.max(wait, entry.resetAt - now);
      }
      return Math.ceil(wait / 1000);
    },
    async spend(keys) {
      const now = Date.now();
      const counts = keys.map((key) => {
        const entry = live(key, now);
        if (entry) return (entry.count += 1);
        spent.set(key, { count: 1, resetAt: now + windowMs });
        return 1;
      });
      // Old keys go when they would be read; a sweep keeps a flood of new ones bounded.
      if (spent.size > 100_000) for (const key of spent.keys()) live(key, now);
      return counts;
    },
  };
}

function redisBudget(
  { name, max, windowMs }: FailureBudgetOptions,
  redis: Redis,
  prefix: string,
): FailureBudget {
  const keyOf = (key: string) => `${prefix}:fail:${name}:${key}`;
  /**
   * Keys this node has seen spent, until their window ends. A spent key only
   * frees up when its window runs out, so remembering it is exact, and a
   * flood's thousands of refusals a second then cost no Redis round trip each.
   */
  const spentUntil = new Map<string, number>();
  const rememberSpent = (key: string, until: number) => {
    if (spentUntil.size >= SPENT_KEYS_REMEMBERED) {
      const now = Date.now();
      for (const [known, end] of spentUntil) if (end <= now) spentUntil.delete(known);
      if (spentUntil.size >= SPENT_KEYS_REMEMBERED) spentUntil.clear();
    }
    spentUntil.set(key, until);
  };
  const knownWaitMs = (keys: readonly string[]) => {
    const now = Date.now();
    let wait = 0;
    for (const key of keys) {
      const until = spentUntil.get(key);
      if (until === undefined) continue;
      if (until <= now) spentUntil.delete(key);
      else wait = Math.max(wait, until - now);
    }
    return wait;
  };
  const queueReads = (pipeline: ChainableCommander, keys: readonly string[]) => {
    for (const key of keys) pipeline.get(keyOf(key)).pttl(keyOf(key));
    return (results: PipelineResults, offset: number) => {
      let wait = 0;
      for (let index = 0; index < keys.length; index += 1) {
        const count = Number(results[offset + index * 2]?.[1] ?? 0);
        const ttl = Number(results[offset + index * 2 + 1]?.[1] ?? 0);
        if (count < max) continue;
        const keyWait = ttl > 0 ? ttl : windowMs;
        rememberSpent(keys[index] ?? '', Date.now() + keyWait);
        wait = Math.max(wait, keyWait);
      }
      return wait;
    };
  };
  return {
    redis,
    queueReads,
    knownWaitMs,
    async retryAfterSeconds(keys) {
      if (redis.status !== 'ready' || keys.length === 0) return 0;
      const known = knownWaitMs(keys);
      if (known > 0) return Math.ceil(known / 1000);
      const pipeline = redis.pipeline();
      const waitOf = queueReads(pipeline, keys);
      return Math.ceil(waitOf((await pipeline.exec()) ?? [], 0) / 1000);
    },
    async spend(keys) {
      if (redis.status !== 'ready' || keys.length === 0) return keys.map(() => 0);
      const pipeline = redis.pipeline();
      // The window starts at the first failure: the key is created with its expiry, then counted.
      for (const key of keys) pipeline.set(keyOf(key), 0, 'PX', windowMs, 'NX').incr(keyOf(key));
      const results = (await pipeline.exec()) ?? [];
      return keys.map((_, index) => Number(results[index * 2 + 1]?.[1] ?? 0));
    },
  };
}

/** 429 with the wait, as the other limits answer, when any of these keys has no tries left. */
export async function assertTriesLeft(
  budget: FailureBudget,
  keys: readonly string[],
): Promise<void> {
  await assertTriesLeftEach([[budget, keys]]);
}

/**
 * The same for several budgets at once (a join checks the address and the
 * account): Redis budgets on one connection are read in a single round trip.
 */
export async function assertTriesLeftEach(
  checks: ReadonlyArray<readonly [FailureBudget, readonly string[]]>,
): Promise<void> {
  const wait = await retryAfterSecondsEach(checks);
  if (wait > 0) throw tooManyRequests(MSG.tooManyRequests, { retry_after_seconds: wait });
}

async function retryAfterSecondsEach(
  checks: ReadonlyArray<readonly [FailureBudget, readonly string[]]>,
): Promise<number> {
  const known = Math.max(0, ...checks.map(([budget, keys]) => budget.knownWaitMs?.(keys) ?? 0));
  if (known > 0) return Math.ceil(known / 1000);
  const redis = checks[0]?.[0].redis;
  const shareable =
    redis !== undefined &&
    redis.status === 'ready' &&
    checks.every(([budget]) => budget.redis === redis && budget.queueReads);
  if (!shareable) {
    const waits = await Promise.all(checks.map(([budget, keys]) => budget.retryAfterSeconds(keys)));
    return Math.max(0, ...waits);
  }
  const pipeline = redis.pipeline();
  const readers = checks.map(([budget, keys]) => ({
    waitOf: budget.queueReads?.(pipeline, keys) ?? (() => 0),
    commands: keys.length * 2,
  }));
  const results = (await pipeline.exec()) ?? [];
  let offset = 0;
  let wait = 0;
  for (const { waitOf, commands } of readers) {
    wait = Math.max(wait, waitOf(results, offset));
    offset += commands;
  }
  return Math.ceil(wait / 1000);
}
