import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** How long a closing client waits for the answers to what it was given before it quits anyway. */
const SETTLE_BEFORE_QUIT_MS = 2000;

/**
 * A Redis connection with an error listener (an unhandled 'error' event would
 * crash the process) and endless reconnects with a capped backoff, so a Redis
 * restart heals without restarting the node.
 *
 * With `autoPipelining`, the commands given while the event loop handles one
 * batch of I/O leave in one write (ioredis sends them at the next
 * setImmediate, or when the batch before them is answered): for a client
 * that many requests publish through at once. Its publishes are never left
 * unhandled: the Socket.IO adapter publishes without awaiting, and a publish
 * refused by a closed connection would otherwise be an unhandled rejection,
 * which stops a Node process. It is logged instead.
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
  if (autoPipelining) {
    const publish = redis.publish.bind(redis);
    redis.publish = ((channel: string | Buffer, message: string | Buffer) => {
      const sent = publish(channel, message);
      sent.catch((error: unknown) => {
        logger.warn({ err: error, redis: name }, 'redis publish lost');
      });
      return sent;
    }) as Redis['publish'];
  }
  return redis;
}

/**
 * Closes a client after what it was already given has been answered. An
 * auto-pipelined batch waits in the client until the batch before it is
 * answered, so a QUIT (never pipelined, written at once) could reach Redis
 * first and close the connection under it: a PING given now queues behind
 * every such batch, and its answer means theirs came. Redis being away does
 * not hold the close for longer than SETTLE_BEFORE_QUIT_MS.
 */
export async function quitRedis(redis: Redis): Promise<void> {
  if (redis.options.enableAutoPipelining && redis.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      redis.ping().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, SETTLE_BEFORE_QUIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  await redis.quit().catch(() => redis.disconnect());
}
