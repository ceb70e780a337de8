import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventForm,
  insertEvent,
  joinEvent,
  signIn,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  nextPush,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('event rooms and pushes', () => {
  let t: TestApp;
  let baseUrl: string;
  let host: SignedIn;
  const sockets: TestSocket[] = [];

  const open = async (who: SignedIn) => {
    const token = who.headers.authorization?.replace('Bearer ', '') ?? '';
    const socket = connectSocket(baseUrl, { token });
    sockets.push(socket);
    await connected(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t);
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('lets the host and a joined attendee watch an event, nobody else, and not a deleted one', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t);
    const stranger = await signIn(t);
    await joinEvent(t, event.id, fan.id);

    expect(await subscribe(await open(host), event.id)).toEqual({ ok: true, data: { seq: 0 } });
    expect(await subscribe(await open(fan), event.id)).toEqual({ ok: true, data: { seq: 0 } });
    expect(await subscribe(await open(stranger), event.id)).toMatchObject({ ok: false });

    await t.ctx.db
      .updateTable('events')
      .set({ deleted_at: new Date() })
      .where('id', '=', event.id)
      .execute();
    expect(await subscribe(await open(host), event.id)).toMatchObject({ ok: false });
  });

  it('pushes event:updated with the new seq after an update, and event:deleted after a delete', async () => {
    const event = await insertEvent(t, host.id);
    const socket = await open(host);
    await subscribe(socket, event.id);

    const updated = nextPush(socket, 'event:updated');
    const res = await post(
      t,
      '/api/v1/update-event',
      { ...eventForm({ name: 'Pushed' }), id: event.id },
      host.headers,
    );
    expect(res.statusCode).toBe(200);
    const push = await updated;
    expect(push).toMatchObject({
      eventId: event.id,
      seq: 1,
      event: { id: event.id, name: 'Pushed' },
    });

    const deleted = nextPush(socket, 'event:deleted');
    expect((await post(t, '/api/v1/delete-event', { id: event.id }, host.headers)).statusCode).toBe(
      200,
    );
    expect(await deleted).toEqual({ eventId: event.id, seq: 2 });
  });
});
