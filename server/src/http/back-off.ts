import type { Redis } from 'ioredis';

/**
 * Exponential back-off for one key under attack (an account's sign-ins from
 * strangers): every `budget` failures start a pause, and each pause of the
 * same attack lasts twice the one before, from `firstPauseMs` up to
 * `maxPauseMs`. A key that saw no failure for `quietMs` after its last pause
 * ended (or its last failure) is forgotten: the next attack starts again
 * from the first pause. Failures during a pause are not counted (they are
 * refused before they are tried, so only a race lands there).
 *
 * Time is the app's clock (`Date.now()`), so every node and the tests agree
 * on it; Redis holds the state (shared by the nodes), or the process's
 * memory without Redis. While Redis is unreachable nothing is paused, as
 * with the failure budgets.
 */
export interface BackOffOptions {
  /** Names the back-off in Redis keys (`<prefix>:backoff:<name>:<key>`). */
  name: string;
  budget: number;
  firstPauseMs: number;
  maxPauseMs: number;
  quietMs: number;
}

export interface BackOffStrike {
  /** How many pauses this attack has caused so far (0 while within the first budget). */
  pauses: number;
  /** The pause this failure started, in ms; 0 when it started none. */
  pauseMs: number;
}

export interface BackOff {
  readonly options: BackOffOptions;
  /** Seconds until the key's pause ends; 0 when it is not paused. */
  retryAfterSeconds(key: string): Promise<number>;
  /** One failure for the key. */
  strike(key: string): Promise<BackOffStrike>;
}

interface State {
  strikes: number;
  pauses: number;
  pausedUntil: number;
  lastFailure: number;
}

/** The pause the n-th exhaustion of the budget (from 1) starts. */
export function pauseFor(options: BackOffOptions, pauses: number): number {
  return Math.min(options.firstPauseMs * 2 ** (pauses - 1), options.maxPauseMs);
}

export function createBackOff(
  options: BackOffOptions,
  redis: Redis | undefined,
  prefix: string,
): BackOff {
  return redis ? redisBackOff(options, redis, prefix) : memoryBackOff(options);
}

function memoryBackOff(options: BackOffOptions): BackOff {
  const states = new Map<string, State>();
  const live = (key: string, now: number): State | undefined => {
    const state = states.get(key);
    if (state && Math.max(state.lastFailure, state.pausedUntil) + options.quietMs <= now) {
      states.delete(key);
      return undefined;
    }
    return state;
  };
  return {
    options,
    async retryAfterSeconds(key) {
      const now = Date.now();
      const state = live(key, now);
      return state && state.pausedUntil > now ? Math.ceil((state.pausedUntil - now) / 1000) : 0;
    },
    async strike(key) {
      const now = Date.now();
      const state = live(key, now) ?? { strikes: 0, pauses: 0, pausedUntil: 0, lastFailure: now };
      states.set(key, state);
      state.lastFailure = now;
      if (state.pausedUntil > now) return { pauses: state.pauses, pauseMs: 0 };
      state.strikes += 1;
      let pauseMs = 0;
      if (state.strikes >= options.budget) {
        state.pauses += 1;
        state.strikes = 0;
        pauseMs = pauseFor(options, state.pauses);
        state.pausedUntil = now + pauseMs;
      }
      // Forgotten keys go when they would be read; a sweep keeps a flood of new ones bounded.
      if (states.size > 100_000) for (const old of states.keys()) live(old, now);
      return { pauses: state.pauses, pauseMs };
    },
  };
}

/**
 * One failure, atomically: forget a quiet key, count the failure unless
 * paused, start the next pause when the budget is spent. The key expires
 * once it would be forgotten anyway.
 * KEYS[1] the state; ARGV now, budget, first pause, longest pause, quiet (ms).
 */
const STRIKE_SCRIPT = `
local now = tonumber(ARGV[1])
local budget = tonumber(ARGV[2])
local first = tonumber(ARGV[3])
local longest = tonumber(ARGV[4])
local quiet = tonumber(ARGV[5])
local s = redis.call('HMGET', KEYS[1], 'strikes', 'pauses', 'until', 'last')
local strikes = tonumber(s[1]) or 0
local pauses = tonumber(s[2]) or 0
local pausedUntil = tonumber(s[3]) or 0
local last = tonumber(s[4]) or 0
if math.max(last, pausedUntil) + quiet <= now then
  strikes = 0
  pauses = 0
  pausedUntil = 0
end
local pause = 0
if pausedUntil <= now then
  strikes = strikes + 1
  if strikes >= budget then
    pauses = pauses + 1
    strikes = 0
    pause = math.min(first * math.pow(2, pauses - 1), longest)
    pausedUntil = now + pause
  end
end
redis.call('HSET', KEYS[1], 'strikes', strikes, 'pauses', pauses, 'until', pausedUntil, 'last', now)
redis.call('PEXPIRE', KEYS[1], math.max(pausedUntil, now) - now + quiet)
return {pauses, pause}
`;

function redisBackOff(options: BackOffOptions, redis: Redis, prefix: string): BackOff {
  const keyOf = (key: string) => `${prefix}:backoff:${options.name}:${key}`;
  return {
    options,
    async retryAfterSeconds(key) {
      if (redis.status !== 'ready') return 0;
      const pausedUntil = Number((await redis.hget(keyOf(key), 'until')) ?? 0);
      const now = Date.now();
      return pausedUntil > now ? Math.ceil((pausedUntil - now) / 1000) : 0;
    },
    async strike(key) {
      if (redis.status !== 'ready') return { pauses: 0, pauseMs: 0 };
      const [pauses, pauseMs] = (await redis.eval(
        STRIKE_SCRIPT,
        1,
        keyOf(key),
        Date.now(),
        options.budget,
        options.firstPauseMs,
        options.maxPauseMs,
        options.quietMs,
      )) as [number, number];
      return { pauses: Number(pauses), pauseMs: Number(pauseMs) };
    },
  };
}
