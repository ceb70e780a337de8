import { MSG } from '@floorfill/shared';
import { tooManyRequests } from './errors.ts';

export interface InFlightLimitOptions {
  /** Calls of one key running at once. */
  max: number;
  /** Calls of one key waiting their turn; one more is answered 429 at once. */
  maxWaiting: number;
  /** How long a call waits for its turn before it is answered 429. */
  maxWaitMs: number;
}

interface Lane {
  running: number;
  waiting: Array<{ start: () => void; timer: NodeJS.Timeout }>;
}

/**
 * At most `max` calls in flight per key on this node; more wait their turn,
 * first come first served, up to `maxWaiting` of them for at most
 * `maxWaitMs` each; past either bound a call is answered 429. Sign-in uses it
 * per client address: a venue's sign-ins queue up instead of failing, while a
 * flood of password checks from one address still holds at most `max` of the
 * libuv threads argon2 runs on, and everyone else's check does not wait
 * behind it.
 */
export function createInFlightLimit({ max, maxWaiting, maxWaitMs }: InFlightLimitOptions) {
  const lanes = new Map<string, Lane>();
  const refuse = () => tooManyRequests(MSG.tooManyRequests, { retry_after_seconds: 1 });

  function release(key: string, lane: Lane): void {
    const next = lane.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
      return;
    }
    lane.running -= 1;
    if (lane.running === 0) lanes.delete(key);
  }

  async function turn(key: string): Promise<Lane> {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(key, lane);
    }
    if (lane.running < max) {
      lane.running += 1;
      return lane;
    }
    if (lane.waiting.length >= maxWaiting) throw refuse();
    const queued = lane;
    // A released slot passes straight to the first waiter: `running` stays as it is.
    await new Promise<void>((resolve, reject) => {
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          queued.waiting.splice(queued.waiting.indexOf(entry), 1);
          reject(refuse());
        }, maxWaitMs),
      };
      queued.waiting.push(entry);
    });
    return queued;
  }

  return async function limited<T>(key: string, work: () => Promise<T>): Promise<T> {
    const lane = await turn(key);
    try {
      return await work();
    } finally {
      release(key, lane);
    }
  };
}
