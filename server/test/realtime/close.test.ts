import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { userRoom } from '@floorfill/shared';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * A node closing while its publishes still wait in the Redis client: with
 * auto-pipelining, a batch waits for the answer to the batch before it, so a
 * QUIT written at once can pass it. Every push given before the close must
 * still reach Redis, and nothing may end as an unhandled rejection (which
 * stops a Node process).
 */
describe('closing a node with publishes waiting in its Redis client', () => {
  const redisUrl = process.env.REDIS_URL;

  it.skipIf(!redisUrl)(
    'publishes every push given before the close; one after it is only logged',
    async () => {
      const t = await createTestApp();
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      const listener = new Redis(redisUrl as string);
      try {
        const room = userRoom(4242);
        const heard: string[] = [];
        listener.on('pmessage', (_pattern: string, channel: string) => heard.push(channel));
        await listener.psubscribe(`${t.config.redisPrefix}:io#*`);

        // The adapter's own publishing client. A blocking pop holds its connection for 300 ms, so
        // the next auto-pipelined batch (the push's publish) waits in the client for its answer.
        const adapter = t.app.realtime.io.of('/').adapter as unknown as { pubClient: Redis };
        const held = adapter.pubClient.blpop(`${t.config.redisPrefix}:never`, 0.3);
        await new Promise((resolve) => setImmediate(resolve));
        t.app.realtime.toUser(4242, 'tip:paid', {
          tipId: 1,
          amountCents: 500,
          attendeeName: 'Sam',
          eventId: null,
        });

        await t.close();
        await held;
        // A leave reaches the other nodes through the same client, unawaited; after the close it is lost, not thrown.
        t.app.realtime.io.in(room).socketsLeave('event:1');
        // A rejection is reported after the turn it happened in.
        await new Promise((resolve) => setImmediate(resolve));

        expect(heard.filter((channel) => channel.includes(room))).toHaveLength(1);
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
        listener.disconnect();
      }
    },
  );
});
