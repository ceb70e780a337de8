import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, logIn } from '../helpers/factories.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  nextPush,
  nextPushWhere,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { FAN_OUT_SLICE } from '../../src/realtime/fan-out.ts';
import { HOST_STATS_INTERVAL_MS, STATS_INTERVAL_MS } from '../../src/realtime/room-stats.ts';

const EVENT_ID = 41;
const OTHER_EVENT_ID = 42;
/** An event of its own for the counts' pace: no earlier test's counts started its intervals. */
const PACED_EVENT_ID = 43;

describe('realtime', () => {
  let t: TestApp;
  let baseUrl: string;
  let allowedToken: string;
  let allowedCookie: string;
  let outsiderToken: string;
  let hostToken: string;
  const sockets: TestSocket[] = [];

  const open = async (auth: { token?: string; cookie?: string }) => {
    const socket = connectSocket(baseUrl, auth);
    sockets.push(socket);
    await connected(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const allowed = await createMember(t, { name: 'Allowed' });
    const outsider = await createMember(t, { name: 'Outsider' });
    const host = await createMember(t, { name: 'Host' });
    const allowedLogin = await logIn(t, allowed);
    allowedToken = allowedLogin.token;
    allowedCookie = `ff_session=${allowedLogin.cookie}`;
    outsiderToken = (await logIn(t, outsider)).token;
    hostToken = (await logIn(t, host)).token;
    // Stand-in for the events feature's check: `allowed` attends EVENT_ID, `host` hosts it.
    t.app.realtime.authorizeEventRoomsWith(async (session, eventId) => {
      if (eventId !== EVENT_ID && eventId !== PACED_EVENT_ID) return null;
      if (session.userId === allowed.id)
        return { seq: 7, isHost: false, stats: { joined: 1, requests: 0 } };
      if (session.userId === host.id)
        return { seq: 7, isHost: true, stats: { joined: 1, requests: 0 } };
      return null;
    });
    baseUrl = await listenOnLoopback(t.app);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('closes the sockets of a session that logs out, and only those', async () => {
    const member = await createMember(t, { name: 'Two Devices' });
    const phone = await logIn(t, member);
    const laptop = await logIn(t, member);
    const phoneSocket = await open({ token: phone.token });
    const laptopSocket = await open({ token: laptop.token });
    const closed = new Promise<string>((resolve) => phoneSocket.once('disconnect', resolve));

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${phone.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(laptopSocket.connected).toBe(true);
  });

  it('refuses a socket without a session', async () => {
    const socket = connectSocket(baseUrl);
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow(/Unauthenticated/);
  });

  it('refuses a socket with a forged token', async () => {
    const socket = connectSocket(baseUrl, { token: `${allowedToken.slice(0, -4)}abcd` });
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow(/Unauthenticated/);
  });

  it('accepts the session cookie as the web app sends it', async () => {
    const socket = await open({ cookie: allowedCookie });
    expect(socket.connected).toBe(true);
  });

  it('joins an event room only after the permission check, and answers the current seq', async () => {
    const socket = await open({ token: allowedToken });
    expect(await subscribe(socket, EVENT_ID)).toEqual({ ok: true, data: { seq: 7 } });
    expect(await subscribe(socket, OTHER_EVENT_ID)).toMatchObject({ ok: false });
    expect(await socket.emitWithAck('event:subscribe', { eventId: -3 })).toMatchObject({
      ok: false,
    });
  });

  it('delivers an event push to the room and nothing to a socket without permission', async () => {
    const member = await open({ token: allowedToken });
    const outsider = await open({ token: outsiderToken });
    await subscribe(member, EVENT_ID);
    expect(await subscribe(outsider, EVENT_ID)).toMatchObject({ ok: false });

    const leaked: unknown[] = [];
    outsider.on('event:stats', (push) => leaked.push(push));
    const received = nextPush(member, 'event:stats');
    t.app.realtime.toEvent(EVENT_ID, 'event:stats', {
      eventId: EVENT_ID,
      seq: 8,
      stats: { joined: 3, requests: 5 },
    });
    expect(await received).toEqual({
      eventId: EVENT_ID,
      seq: 8,
      stats: { joined: 3, requests: 5 },
    });

    // A marker sent to the outsider's own room after the event push arrives after it,
    // so by then the outsider would have seen the event push if it had leaked.
    const marker = nextPush(outsider, 'server:draining');
    t.app.realtime.io.to(`user:${await userIdOf('Outsider')}`).emit('server:draining');
    await marker;
    expect(leaked).toEqual([]);
  });

  async function userIdOf(name: string): Promise<number> {
    const row = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Resolves once a marker sent to the user's own room after earlier emits arrived: anything leaked came first. */
  async function settle(socket: TestSocket, name: string): Promise<void> {
    const marker = nextPush(socket, 'server:draining');
    t.app.realtime.io.to(`user:${await userIdOf(name)}`).emit('server:draining');
    await marker;
  }

  it('passes the counts to a room bigger than one slice of the fan-out, every socket once', async () => {
    const room = await Promise.all(
      Array.from({ length: FAN_OUT_SLICE + FAN_OUT_SLICE / 2 }, async () => {
        const socket = await open({ token: allowedToken });
        await subscribe(socket, EVENT_ID);
        return socket;
      }),
    );
    const heard = room.map(() => 0);
    room.forEach((socket, index) =>
      socket.on('event:stats', () => {
        heard[index] = (heard[index] ?? 0) + 1;
      }),
    );
    const last = room.map((socket) => nextPush(socket, 'event:stats'));
    t.app.realtime.toEventCoalesced('event:stats', {
      eventId: EVENT_ID,
      seq: 90,
      stats: { joined: 750, requests: 1 },
    });
    for (const push of await Promise.all(last)) {
      expect(push).toEqual({ eventId: EVENT_ID, seq: 90, stats: { joined: 750, requests: 1 } });
    }
    expect(new Set(heard)).toEqual(new Set([1]));
    for (const socket of room) socket.disconnect();
  });

  it('passes the counts to the host at its pace and to a room of several slices at the room’s, each newer, the newest last, once per socket', async () => {
    const hostSocket = await open({ token: hostToken });
    await subscribe(hostSocket, PACED_EVENT_ID);
    const room = await Promise.all(
      Array.from({ length: FAN_OUT_SLICE * 2 + 1 }, async () => {
        const socket = await open({ token: allowedToken });
        await subscribe(socket, PACED_EVENT_ID);
        return socket;
      }),
    );
    const record = (socket: TestSocket) => {
      const heard: { seq: number; at: number }[] = [];
      socket.on('event:stats', ({ seq }) => heard.push({ seq, at: performance.now() }));
      return heard;
    };
    const hostHeard = record(hostSocket);
    const roomHeard = room.map(record);
    const offer = (seq: number) =>
      t.app.realtime.toEventCoalesced('event:stats', {
        eventId: PACED_EVENT_ID,
        seq,
        stats: { joined: room.length, requests: seq },
      });
    const heardBy = (socket: TestSocket, seq: number) =>
      nextPushWhere(socket, 'event:stats', (push) => push.seq === seq);

    // After a quiet spell the counts leave at once, for everyone.
    const first = Promise.all([hostSocket, ...room].map((socket) => heardBy(socket, 1)));
    offer(1);
    await first;
    // Newer counts in one moment: the host hears the newest once its own interval is over…
    for (let seq = 2; seq <= 10; seq += 1) offer(seq);
    await heardBy(hostSocket, 10);
    // …and the room, still within its longer interval, only the counts that replaced them.
    const last = Promise.all([hostSocket, ...room].map((socket) => heardBy(socket, 11)));
    offer(11);
    await last;

    expect(hostHeard.map(({ seq }) => seq)).toEqual([1, 10, 11]);
    for (const heard of roomHeard) expect(heard.map(({ seq }) => seq)).toEqual([1, 11]);
    const gap = (heard: { at: number }[], index: number) =>
      (heard[index]?.at ?? 0) - (heard[index - 1]?.at ?? 0);
    expect(gap(hostHeard, 1)).toBeGreaterThanOrEqual(HOST_STATS_INTERVAL_MS - 50);
    expect(gap(hostHeard, 2)).toBeGreaterThanOrEqual(HOST_STATS_INTERVAL_MS - 50);
    for (const heard of roomHeard)
      expect(gap(heard, 1)).toBeGreaterThanOrEqual(STATS_INTERVAL_MS - 50);
    for (const socket of [hostSocket, ...room]) socket.disconnect();
  });

  it('a host push reaches the event host’s sockets and not an attendee’s', async () => {
    const hostSocket = await open({ token: hostToken });
    const attendee = await open({ token: allowedToken });
    expect(await subscribe(hostSocket, EVENT_ID)).toEqual({ ok: true, data: { seq: 7 } });
    expect(await subscribe(attendee, EVENT_ID)).toEqual({ ok: true, data: { seq: 7 } });
    const leaked: unknown[] = [];
    attendee.on('request:removed', (push) => leaked.push(push));

    const received = nextPush(hostSocket, 'request:removed');
    t.app.realtime.toEventHost(EVENT_ID, 'request:removed', {
      eventId: EVENT_ID,
      seq: 8,
      songId: 'cat-x',
    });
    expect(await received).toEqual({ eventId: EVENT_ID, seq: 8, songId: 'cat-x' });
    await settle(attendee, 'Allowed');
    expect(leaked).toEqual([]);
  });

  it('an unsubscribed host socket hears neither the room’s pushes nor the host’s', async () => {
    const hostSocket = await open({ token: hostToken });
    await subscribe(hostSocket, EVENT_ID);
    const heard: unknown[] = [];
    hostSocket.on('event:stats', (push) => heard.push(push));
    hostSocket.on('request:removed', (push) => heard.push(push));

    hostSocket.emit('event:unsubscribe', { eventId: EVENT_ID });
    // A socket's own messages arrive in order: after this ack the unsubscribe was handled.
    await subscribe(hostSocket, OTHER_EVENT_ID);
    t.app.realtime.toEvent(EVENT_ID, 'event:stats', {
      eventId: EVENT_ID,
      seq: 9,
      stats: { joined: 1, requests: 1 },
    });
    t.app.realtime.toEventHost(EVENT_ID, 'request:removed', {
      eventId: EVENT_ID,
      seq: 9,
      songId: 'cat-x',
    });
    await settle(hostSocket, 'Host');
    expect(heard).toEqual([]);
  });

  it.skipIf(!process.env.REDIS_URL)(
    'carries a push from one node to a socket connected to another through Redis',
    async () => {
      const peer = await createPeerApp(t);
      try {
        const member = await open({ token: allowedToken });
        await subscribe(member, EVENT_ID);
        const received = nextPush(member, 'request:removed');
        peer.app.realtime.toEvent(EVENT_ID, 'request:removed', {
          eventId: EVENT_ID,
          seq: 9,
          songId: 'cat-x',
        });
        expect(await received).toEqual({ eventId: EVENT_ID, seq: 9, songId: 'cat-x' });
      } finally {
        await peer.close();
      }
    },
  );
});
