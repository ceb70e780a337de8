import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../src/jobs.ts';
import type { UserNotifier } from '../../src/payments/user-notifier.ts';
import { redisUserNotifier } from '../../src/payments/user-notifier.ts';
import { signIn } from '../helpers/event-factories.ts';
import { connected, connectSocket, listenOnLoopback, nextPush } from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  activeDemoHost,
  bearerToken,
  createPaymentLink,
  tipBySession,
} from './payment-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('tip:paid from background jobs', () => {
  it('goes through the notify port the job handlers are given, once, after the tip is paid', async () => {
    const host = await activeDemoHost(t);
    const attendee = await signIn(t, { name: 'Robin', defaultLogin: 3 });
    const link = await createPaymentLink(t, attendee, { host_id: host.id, amount: '8' });
    const checkoutId = new URL(link.json().data.url as string).pathname.split('/').pop() ?? '';
    const tip = await tipBySession(t, checkoutId);

    const pushes: Array<{
      userId: number;
      name: string;
      payload: unknown;
      tipRead: Promise<{ status: string }>;
    }> = [];
    const recorder: UserNotifier = {
      toUser(userId, name, ...args) {
        // What another connection sees at the moment of the push: the tip must already be paid.
        pushes.push({ userId, name, payload: args[0], tipRead: tipBySession(t, checkoutId) });
      },
    };
    const handle = jobHandlers(t.ctx, { notify: recorder })['stripe:event'];
    const event = {
      id: 'evt_port_test_1',
      type: 'checkout.session.completed' as const,
      checkoutSessionId: checkoutId,
      tipId: tip.id,
      paymentIntentId: 'pi_port_test',
      paid: true,
    };
    const job = { jobId: event.id, attempt: 1, requestId: undefined };
    await handle(event, job);
    await handle(event, job);

    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      userId: host.id,
      name: 'tip:paid',
      payload: { tipId: tip.id, amountCents: 800, attendeeName: 'Robin', eventId: null },
    });
    expect((await pushes[0]?.tipRead)?.status).toBe('paid');
  });

  it.skipIf(!process.env.REDIS_URL)(
    'reaches the host on an app node from a process without Socket.IO (npm run worker) through Redis',
    async () => {
      const host = await signIn(t);
      let workerRedis: Redis | undefined;
      const baseUrl = await listenOnLoopback(t.app);
      const socket = connectSocket(baseUrl, { token: bearerToken(host) });
      try {
        await connected(socket);
        const push = nextPush(socket, 'tip:paid');
        if (!t.ctx.redis) throw new Error('REDIS_URL is set but the app has no Redis');
        workerRedis = t.ctx.redis.duplicate();
        const worker = redisUserNotifier(workerRedis, t.config.redisPrefix);
        worker.toUser(host.id, 'tip:paid', {
          tipId: 41,
          amountCents: 500,
          attendeeName: 'Sam',
          eventId: null,
        });
        expect(await push).toEqual({
          tipId: 41,
          amountCents: 500,
          attendeeName: 'Sam',
          eventId: null,
        });
      } finally {
        socket.close();
        await workerRedis?.quit();
      }
    },
  );
});
