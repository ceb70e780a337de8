import { Emitter } from '@socket.io/redis-emitter';
import { userRoom, type ServerToClientEvents } from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from '../infra/context.ts';

/**
 * The small port background jobs push through after their transaction
 * commits. In an app process it is the Socket.IO server (`app.realtime`, which
 * with Redis reaches every node); in `npm run worker`, which has no Socket.IO
 * server, it publishes through Redis to the app nodes' adapters.
 */
export interface UserNotifier {
  toUser<E extends keyof ServerToClientEvents>(
    userId: number,
    name: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
}

/**
 * Publishes into the Redis adapter's channels (same key as realtime.ts:
 * `${REDIS_PREFIX}:io`). @socket.io/redis-emitter 5 speaks the protocol of
 * @socket.io/redis-adapter 8 (both notepack.io 3).
 */
export function redisUserNotifier(redis: Redis, redisPrefix: string): UserNotifier {
  const emitter = new Emitter<ServerToClientEvents>(redis, { key: `${redisPrefix}:io` });
  return {
    toUser(userId, name, ...args) {
      emitter.to(userRoom(userId)).emit(name, ...args);
    },
  };
}

/** The Socket.IO server of this process, once an app has attached one to this context. */
const localNotifiers = new WeakMap<AppContext, UserNotifier>();

export function attachLocalNotifier(ctx: AppContext, notifier: UserNotifier): void {
  localNotifiers.set(ctx, notifier);
}

export function detachLocalNotifier(ctx: AppContext): void {
  localNotifiers.delete(ctx);
}

/**
 * What jobs use unless told otherwise: this process's Socket.IO server when
 * the app runs here, else Redis (a worker process), else nothing to reach
 * (pushes are a convenience; clients resync from REST).
 */
export function defaultUserNotifier(ctx: AppContext, logger: FastifyBaseLogger): UserNotifier {
  const viaRedis = ctx.redis ? redisUserNotifier(ctx.redis, ctx.config.redisPrefix) : undefined;
  return {
    toUser(userId, name, ...args) {
      const notifier = localNotifiers.get(ctx) ?? viaRedis;
      if (!notifier) {
        logger.warn({ userId, push: name }, 'no realtime server to push through');
        return;
      }
      notifier.toUser(userId, name, ...args);
    },
  };
}
