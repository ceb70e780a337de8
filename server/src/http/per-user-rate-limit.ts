import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/** The caller's user id; its address only without a session. */
function userOrAddress(request: FastifyRequest): string {
  return request.session ? `user:${request.session.userId}` : `ip:${request.ip}`;
}

/**
 * A route's limit counted per user, so a script is stopped while everyone
 * behind one venue's address keeps a budget of their own. Counted in the
 * route's first hooks, before validation, so malformed calls count too.
 * `perMinute` 0 turns it off (load tests).
 *
 * These limits keep scripts from flooding, they guard no account: while
 * Redis, where the counters live, is unreachable the route goes unlimited
 * rather than waiting for it (or failing with it), so a Redis outage never
 * stalls song requests. The auth routes' limits guard accounts; they wait
 * for Redis instead.
 */
export function perUserRateLimit(
  perMinute: number,
  redis: Redis | undefined,
): RateLimitOptions | false {
  if (perMinute === 0) return false;
  return {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: userOrAddress,
    skipOnError: true,
    ...(redis ? { allowList: () => redis.status !== 'ready' } : {}),
  };
}
