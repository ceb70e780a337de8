import {
  CHALLENGE_ACK_CODE,
  DISPLAY_SOCKET_AUTH,
  displayStateSchema,
  MSG,
  type DisplayState,
  type ServerToClientEvents,
} from '@floorfill/shared';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altchaHeader, challengeOf, solveAltcha, TEST_CHALLENGE_ENV } from '../helpers/altcha.ts';
import { insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import {
  connected,
  listenOnLoopback,
  nextPush,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DISPLAY_INTERVAL_MS } from '../../src/realtime/queue-views.ts';
import {
  AGADOO,
  BOHEMIAN,
  GET_READY,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
  signIn,
  signInMany,
} from '../requests/request-factories.ts';

type DisplayPush = Parameters<ServerToClientEvents['display:updated']>[0];

/**
 * The big screen (issue 14): public by the event's code, showing the event,
 * what plays and the next three, and nothing private (no address, no
 * attendees, no dedications; who asked only when the host turns it on).
 * Live through `display:subscribe` on a socket without a session, with
 * `display:updated` coalesced to two a second per event.
 */
describe('the big screen', () => {
  let t: TestApp;
  let baseUrl: string;
  let host: SignedIn;
  const sockets: TestSocket[] = [];

  /** A big screen's socket: no session, the display handshake. */
  async function screen(): Promise<TestSocket> {
    const socket: TestSocket = io(baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { ...DISPLAY_SOCKET_AUTH },
    });
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  const display = (code: string, address = '10.9.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/get-display?code=${encodeURIComponent(code)}`,
      remoteAddress: address,
      headers,
    });

  /** An event with Bohemian (3 requests, one with a dedication), Agadoo (2), Get Ready (1), a fourth song (1). */
  async function night() {
    const event = await insertEvent(t, host.id, { name: 'Big Screen Night' });
    const fans = (await signInMany(t, 4, 'Guest')) as [SignedIn, SignedIn, SignedIn, SignedIn];
    for (const fan of fans) await joined(t, fan, event.code);
    await sendRequest(t, fans[0], event.id, {
      song_id: BOHEMIAN.song_id,
      message: 'Secret dedication',
    });
    await sendRequest(t, fans[1], event.id);
    await sendRequest(t, fans[2], event.id);
    await sendRequest(t, fans[3], event.id);
    await sendRequest(t, fans[0], event.id, { song_id: AGADOO });
    await sendRequest(t, fans[1], event.id, { song_id: AGADOO });
    await sendRequest(t, fans[0], event.id, { song_id: GET_READY });
    await sendRequest(t, fans[1], event.id, itunesSong('four'));
    return { event, fans };
  }

  beforeAll(async () => {
    t = await createTestApp({
      CODE_FAILURES_PER_ADDRESS: '3',
      CODE_FAILURES_BURST_PER_ADDRESS: '0',
      ...TEST_CHALLENGE_ENV,
    });
    host = await signIn(t, { name: 'Dana Host' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('get-display: the event, now playing and the next three by the code, without a login, and nothing private', async () => {
    const { event } = await night();
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'playing');
    await markRequest(t, host, event.id, GET_READY, 'later');

    const res = await display(event.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const state = displayStateSchema.parse(res.json().data);
    expect(state).toMatchObject({
      event_id: event.id,
      name: 'Big Screen Night',
      code: event.code,
      qrcode_path: `/api/qr/events/${event.code}.png`,
      requests_open: true,
      is_live: false,
      has_ended: false,
      now_playing: { song_id: BOHEMIAN.song_id, request_count: 4 },
    });
    expect(state.join_url).toMatch(new RegExp(`/e/${event.code}$`));
    expect(state.now_playing?.started_at).toEqual(expect.any(String));
    // Later songs wait below the others: not up next.
    expect(state.up_next.map((song) => song.song_id)).toEqual([AGADOO, 'itunes-four']);
    const text = res.body;
    for (const secret of ['1 Main St', 'Guest 1', 'Secret dedication', 'requested_by']) {
      expect(text).not.toContain(secret);
    }
  });

  it('names the first three requesters (first names) once the host turns it on', async () => {
    const { event } = await night();
    const turnedOn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/update-request-settings',
      headers: host.headers,
      payload: { event_id: event.id, display_requester_names: true },
    });
    expect(turnedOn.statusCode).toBe(200);
    expect(turnedOn.json().data).toMatchObject({ display_requester_names: true });
    const state = displayStateSchema.parse((await display(event.code)).json().data);
    expect(state.up_next[0]).toMatchObject({
      song_id: BOHEMIAN.song_id,
      requested_by: ['Guest', 'Guest', 'Guest'],
    });
    expect(state.up_next[1]?.requested_by).toHaveLength(2);
    expect(JSON.stringify(state)).not.toContain('Secret dedication');
  });

  it('wrong codes spend the address’s code budget; past it even the right code needs a challenge (428), never a 429', async () => {
    const { event } = await night();
    const address = '10.9.9.9';
    expect((await display(event.code, address)).statusCode).toBe(200);
    const wrong = [];
    for (const code of ['ZZZZZZ', 'YYYYYY', 'not a code!']) {
      wrong.push((await display(code, address)).statusCode);
    }
    expect(wrong).toEqual([404, 404, 404]);
    const asked = await display(event.code, address);
    expect(asked.statusCode).toBe(428);
    const solved = await solveAltcha(challengeOf(asked.json()));
    const shown = await display(event.code, address, altchaHeader(solved));
    expect(shown.statusCode).toBe(200);
    expect(displayStateSchema.parse(shown.json().data).code).toBe(event.code);
    // The event's own host opening the screen from that address: never challenged, never counted.
    for (let round = 0; round < 5; round += 1) {
      expect((await display(event.code, address, host.headers)).statusCode).toBe(200);
    }
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/qr/events/${event.code}.png`,
      remoteAddress: address,
      headers: host.headers,
    });
    expect(qr.statusCode).toBe(200);
    // Another address is not held up.
    expect((await display(event.code, '10.9.9.10')).statusCode).toBe(200);
  });

  it('asks a screen at a busy address to solve a challenge on the socket, and lets it in with the solution', async () => {
    // An app of its own: the screen's socket comes from loopback, which this one makes busy.
    const busy = await createTestApp({
      CODE_FAILURES_PER_ADDRESS: '1',
      CODE_FAILURES_BURST_PER_ADDRESS: '0',
      ...TEST_CHALLENGE_ENV,
    });
    const owner = await signIn(busy, { name: 'Busy Host' });
    const event = await insertEvent(busy, owner.id);
    const socket: TestSocket = io(await listenOnLoopback(busy.app), {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { ...DISPLAY_SOCKET_AUTH },
    });
    try {
      await connected(socket);
      expect(await socket.emitWithAck('display:subscribe', { code: 'XXXXXX' })).toEqual({
        ok: false,
        error: MSG.notFound,
      });
      const refused = await socket.emitWithAck('display:subscribe', { code: event.code });
      expect(refused).toMatchObject({ ok: false, code: CHALLENGE_ACK_CODE });
      if (refused.ok || !('code' in refused)) throw new Error('expected a challenge');
      expect(refused.msg).toBe(refused.error);
      const altcha = await solveAltcha(refused.data.challenge);
      const answer = await socket.emitWithAck('display:subscribe', { code: event.code, altcha });
      expect(answer).toMatchObject({ ok: true, data: { code: event.code } });
    } finally {
      socket.disconnect();
      await busy.close();
    }
  });

  it('display:subscribe on a socket without a session answers the state; display:updated follows the changes', async () => {
    const { event, fans } = await night();
    const socket = await screen();
    const answer = await socket.emitWithAck('display:subscribe', { code: event.code });
    expect(answer).toMatchObject({ ok: true, data: { event_id: event.id, now_playing: null } });

    const updated = nextPush(socket, 'display:updated');
    await markRequest(t, host, event.id, AGADOO, 'playing');
    const push = await updated;
    expect(push.eventId).toBe(event.id);
    expect(displayStateSchema.parse(push.state).now_playing).toMatchObject({ song_id: AGADOO });
    expect(JSON.stringify(push)).not.toContain('Secret dedication');

    // Requests closed shows on the screen too.
    const closed = nextPush(socket, 'display:updated');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/update-request-settings',
      headers: host.headers,
      payload: { event_id: event.id, requests_open: false },
    });
    expect((await closed).state.requests_open).toBe(false);

    // A screen that reconnects subscribes again and gets the whole state at once.
    socket.disconnect();
    await markRequest(t, host, event.id, AGADOO, 'played');
    await sendRequest(t, fans[3], event.id, { song_id: GET_READY });
    const again = await screen();
    const resumed = await again.emitWithAck('display:subscribe', { code: event.code });
    expect(resumed).toMatchObject({
      ok: true,
      data: { now_playing: null, requests_open: false },
    });
  });

  it('tells the screen when the host deletes the event', async () => {
    const event = await insertEvent(t, host.id, { name: 'Cancelled Night' });
    const socket = await screen();
    expect(await socket.emitWithAck('display:subscribe', { code: event.code })).toMatchObject({
      ok: true,
    });
    const deleted = nextPush(socket, 'event:deleted');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/delete-event',
      headers: host.headers,
      payload: { id: event.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await deleted).toMatchObject({ eventId: event.id });
    expect((await display(event.code)).statusCode).toBe(404);
  });

  it('refuses a wrong code on the socket, and a socket with neither a session nor the display handshake', async () => {
    const socket = await screen();
    expect(await socket.emitWithAck('display:subscribe', { code: 'QQQQQQ' })).toEqual({
      ok: false,
      error: MSG.notFound,
    });
    expect(await socket.emitWithAck('display:subscribe', { code: '' })).toMatchObject({
      ok: false,
    });
    const plain: TestSocket = io(baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(plain);
    await expect(connected(plain)).rejects.toThrow(/Unauthenticated/);
  });

  it('coalesces display:updated to at most two a second per event, the last state last, and computes nothing without a screen', async () => {
    const { event } = await night();
    const { display: service } = t.app.services;
    const original = service.byEvent;
    let computed = 0;
    service.byEvent = async (eventId) => {
      // Only this event's screens: an earlier test's screen may still look at its own event.
      if (eventId === event.id) computed += 1;
      return original(eventId);
    };
    try {
      // No screen watches: writes compute nothing.
      await markRequest(t, host, event.id, AGADOO, 'later');
      await markRequest(t, host, event.id, AGADOO, 'restore');

      const socket = await screen();
      // Listen before subscribing: the restore's counts (and with them a look at the
      // screen) may go out just after the subscribe's answer, in the same read.
      const pushes: Array<{ at: number; state: DisplayState }> = [];
      socket.on('display:updated', (push: DisplayPush) =>
        pushes.push({ at: Date.now(), state: push.state }),
      );
      await socket.emitWithAck('display:subscribe', { code: event.code });
      const crowd = await signInMany(t, 12, 'Crowd');
      for (const fan of crowd) {
        await joined(t, fan, event.code);
        await sendRequest(t, fan, event.id, { song_id: GET_READY });
      }
      // The last write's state arrives: Get Ready counted every request.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no final display:updated')), 5000);
        socket.on('display:updated', (push: DisplayPush) => {
          if (push.state.up_next[0]?.request_count === 13) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(pushes.length).toBeLessThan(12);
      for (let index = 1; index < pushes.length; index += 1) {
        const gap = (pushes[index]?.at ?? 0) - (pushes[index - 1]?.at ?? 0);
        // Timers fire a little early or late; the interval is what the server waits.
        expect(gap).toBeGreaterThanOrEqual(DISPLAY_INTERVAL_MS - 50);
      }
      expect(computed).toBe(pushes.length);
    } finally {
      service.byEvent = original;
    }
  });
});
