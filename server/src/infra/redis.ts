import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A Redis connection with an error listener (an unhandled 'error' event would
 * crash the process) and endless reconnects with a capped backoff, so a Redis
 * restart heals without restarting the node.
 *
 * With `autoPipelining`, the commands given while the event loop handles one
 * batch of I/O leave in one write (ioredis sends them at the next
 * setImmediate): for a client that many requests publish through at once.
 */
export function createRedis(
  url: string,
  logger: FastifyBaseLogger,
  name: string,
  { autoPipelining = false }: { autoPipelining?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    connectionName: `floorfill:${name}`,
    enableAutoPipelining: autoPipelining,
    // BullMQ needs null; blocking commands must wait through reconnects.
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', (error: Error) => logger.warn({ err: error, redis: name }, 'redis error'));
  return redis;
}
