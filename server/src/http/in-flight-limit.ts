import { MSG } from '@floorfill/shared';
import { tooManyRequests } from './errors.ts';

/**
 * At most `max` calls in flight per key on this node; one more is answered
 * 429 at once instead of queueing. Sign-in uses it per client address, so a
 * flood of password checks from one address holds at most `max` of the
 * libuv threads argon2 runs on, and everyone else's check does not wait
 * behind it.
 */
export function createInFlightLimit(max: number) {
  const running = new Map<string, number>();
  return async function limited<T>(key: string, work: () => Promise<T>): Promise<T> {
    const now = running.get(key) ?? 0;
    if (now >= max) throw tooManyRequests(MSG.tooManyRequests, { retry_after_seconds: 1 });
    running.set(key, now + 1);
    try {
      return await work();
    } finally {
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
    }
  };
}
