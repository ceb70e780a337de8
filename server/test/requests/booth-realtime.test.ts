import { userRoom, type ServerToClientEvents } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  nextPush,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  eventSeq,
  joined,
  markRequest,
  sendRequest,
  signIn,
  signInMany,
} from './request-factories.ts';

type PushName = keyof ServerToClientEvents;

/**
 * The booth's marks on real sockets: what plays goes to the whole room
 * (event:now-playing), a rejection to the song's requesters only
 * (request:rejected) and as a removal to the room, a reconnecting client's
 * delta carries what plays now, and no push carries another guest's dedication.
 */
describe('booth pushes on real sockets', () => {
  let t: TestApp;
  let baseUrl: string;
  let host: SignedIn;
  const sockets: TestSocket[] = [];

  const tokenOf = (who: SignedIn) => who.headers.authorization?.replace('Bearer ', '') ?? '';
  const open = async (who: SignedIn) => {
    const socket = connectSocket(baseUrl, { token: tokenOf(who) });
    sockets.push(socket);
    await connected(socket);
    return socket;
  };

  function record(socket: TestSocket, names: PushName[]) {
    const seen: Array<{ name: PushName; payload: unknown }> = [];
    for (const name of names) {
      socket.on(name as 'event:stats', (payload) => seen.push({ name, payload }));
    }
    return seen;
  }

  /** A marker sent to the socket's own room after the writes arrives after anything that would have leaked. */
  async function settle(socket: TestSocket, userId: number): Promise<void> {
    const marker = nextPush(socket, 'server:draining');
    t.app.realtime.io.to(userRoom(userId)).emit('server:draining');
    await marker;
  }

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('playing pushes event:now-playing to the host and the attendees, with the write’s seq', async () => {
    const event = await insertEvent(t, host.id);
    const [ann] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, ann, event.code);
    await sendRequest(t, ann, event.id);
    const hostSocket = await open(host);
    await subscribe(hostSocket, event.id);
    const annSocket = await open(ann);
    await subscribe(annSocket, event.id);
    const seq = (await eventSeq(t, event.id)) + 1;

    const hostHeard = nextPush(hostSocket, 'event:now-playing');
    const annHeard = nextPush(annSocket, 'event:now-playing');
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'playing')).statusCode).toBe(
      200,
    );
    for (const push of [await hostHeard, await annHeard]) {
      expect(push).toMatchObject({
        eventId: event.id,
        seq,
        nowPlaying: { song_id: BOHEMIAN.song_id, status: 0, started_at: expect.any(String) },
      });
    }

    const stopped = nextPush(annSocket, 'event:now-playing');
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played');
    expect(await stopped).toEqual({ eventId: event.id, seq: seq + 1, nowPlaying: null });
  });

  it('reject: request:rejected to each requester’s own room only, request:removed to the room; restore upserts it again', async () => {
    const event = await insertEvent(t, host.id, { name: 'Reject Night' });
    const [ann, bob, cy] = (await signInMany(t, 3)) as [SignedIn, SignedIn, SignedIn];
    for (const fan of [ann, bob, cy]) await joined(t, fan, event.code);
    await sendRequest(t, ann, event.id);
    await sendRequest(t, bob, event.id);
    await sendRequest(t, cy, event.id, { song_id: AGADOO });
    const hostSocket = await open(host);
    await subscribe(hostSocket, event.id);
    // Bob only has his socket open: the rejection reaches his own room.
    const annSocket = await open(ann);
    await subscribe(annSocket, event.id);
    const bobSocket = await open(bob);
    const cySocket = await open(cy);
    await subscribe(cySocket, event.id);
    const cyHeard = record(cySocket, ['request:rejected']);
    const seq = (await eventSeq(t, event.id)) + 1;

    const annRejected = nextPush(annSocket, 'request:rejected');
    const bobRejected = nextPush(bobSocket, 'request:rejected');
    const removed = nextPush(cySocket, 'request:removed');
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'reject')).statusCode).toBe(200);
    const expected = {
      eventId: event.id,
      seq,
      songId: BOHEMIAN.song_id,
      songName: BOHEMIAN.song_name,
      eventName: 'Reject Night',
    };
    expect(await annRejected).toEqual(expected);
    expect(await bobRejected).toEqual(expected);
    expect(await removed).toEqual({ eventId: event.id, seq, songId: BOHEMIAN.song_id });
    await settle(cySocket, cy.id);
    expect(cyHeard).toEqual([]);

    const upserted = nextPush(hostSocket, 'request:upserted');
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'restore');
    expect(await upserted).toMatchObject({
      seq: seq + 1,
      request: { song_id: BOHEMIAN.song_id, request_count: 2, later: false },
    });
  });

  it('playing a new song pushes the previous one played, to the room; a song put off stays put off', async () => {
    const event = await insertEvent(t, host.id);
    const [ann] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, ann, event.code);
    await sendRequest(t, ann, event.id);
    await sendRequest(t, ann, event.id, { song_id: AGADOO });
    await sendRequest(t, ann, event.id, { song_id: 'cat-2-unlimited--get-ready-for-this' });
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'playing');
    await markRequest(t, host, event.id, 'cat-2-unlimited--get-ready-for-this', 'later');
    const annSocket = await open(ann);
    await subscribe(annSocket, event.id);
    const heard = record(annSocket, ['request:upserted', 'event:now-playing']);

    const nowPlaying = nextPush(annSocket, 'event:now-playing');
    await markRequest(t, host, event.id, AGADOO, 'playing');
    await nowPlaying;
    const upserts = heard
      .filter((push) => push.name === 'request:upserted')
      .map((push) => (push.payload as { request: { song_id: string } }).request);
    expect(upserts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ song_id: BOHEMIAN.song_id, status: 1 }),
        expect.objectContaining({ song_id: AGADOO, status: 0 }),
      ]),
    );
    // Later holds until the DJ plays the song or brings it back: nothing changed it.
    expect(upserts.map((request) => request.song_id)).not.toContain(
      'cat-2-unlimited--get-ready-for-this',
    );
  });

  it('the reconnect delta carries what plays now, for the host and for an attendee', async () => {
    const event = await insertEvent(t, host.id);
    const [ann] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, ann, event.code);
    await sendRequest(t, ann, event.id);
    await sendRequest(t, ann, event.id, { song_id: AGADOO });
    const since = await eventSeq(t, event.id);
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'playing');
    await markRequest(t, host, event.id, AGADOO, 'playing');

    for (const who of [host, ann]) {
      const socket = await open(who);
      const answer = await socket.emitWithAck('event:subscribe', { eventId: event.id, since });
      socket.disconnect();
      expect(answer).toMatchObject({
        ok: true,
        data: { delta: { fromSeq: since, toSeq: since + 2, nowPlaying: { song_id: AGADOO } } },
      });
    }

    const quiet = await eventSeq(t, event.id);
    await sendRequest(t, ann, event.id, { song_id: 'cat-2-unlimited--get-ready-for-this' });
    const socket = await open(host);
    const answer = await socket.emitWithAck('event:subscribe', { eventId: event.id, since: quiet });
    socket.disconnect();
    // Nothing moved the pointer since: the delta says nothing about it.
    expect(answer.ok && answer.data.delta && 'nowPlaying' in answer.data.delta).toBe(false);
  });

  it('no push carries a dedication: the host’s queue has only the count', async () => {
    const event = await insertEvent(t, host.id);
    const [ann, bob] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    await joined(t, ann, event.code);
    await joined(t, bob, event.code);
    const hostSocket = await open(host);
    await subscribe(hostSocket, event.id);
    const bobSocket = await open(bob);
    await subscribe(bobSocket, event.id);
    const heard = record(bobSocket, ['request:upserted', 'request:played', 'event:now-playing']);
    const hostHeard = record(hostSocket, ['request:upserted', 'event:now-playing']);

    const upserted = nextPush(hostSocket, 'request:upserted');
    await sendRequest(t, ann, event.id, { song_id: BOHEMIAN.song_id, message: 'For Bob, secret' });
    expect(await upserted).toMatchObject({ request: { dedication_count: 1 } });
    const played = nextPush(bobSocket, 'event:now-playing');
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'playing');
    await played;
    await settle(bobSocket, bob.id);
    expect(JSON.stringify(heard)).not.toContain('secret');
    expect(JSON.stringify(hostHeard)).not.toContain('secret');
  });
});
