import { hostEventDetailsSchema, userRoom, type ServerToClientEvents } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  nextPush,
  nextPushWhere,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  cancelRequest,
  eventSeq,
  joinByCode,
  joined,
  markRequest,
  sendRequest,
  signIn,
  signInMany,
} from './request-factories.ts';

type PushName = keyof ServerToClientEvents;
const EVENT_PUSHES: PushName[] = [
  'request:upserted',
  'request:removed',
  'event:stats',
  'attendee:joined',
  'attendee:left',
  'request:played',
];

describe('song request pushes on real sockets', () => {
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

  /** Every push of these names a socket receives, in order. */
  function record(socket: TestSocket, names: PushName[] = EVENT_PUSHES) {
    const seen: Array<{ name: PushName; payload: unknown }> = [];
    for (const name of names) {
      socket.on(name as 'event:stats', (payload) => seen.push({ name, payload }));
    }
    return seen;
  }

  /**
   * Proves a socket got none of the event's pushes: a marker sent to its own
   * room after the writes arrives after anything that would have leaked.
   */
  async function settle(socket: TestSocket, userId: number): Promise<void> {
    const marker = nextPush(socket, 'server:draining');
    t.app.realtime.io.to(userRoom(userId)).emit('server:draining');
    await marker;
  }

  /** Resolves at the first `event:stats` that `accept` takes; rejects after `ms` (a missing push fails the test). */
  function statsWhere(
    socket: TestSocket,
    accept: (push: Parameters<ServerToClientEvents['event:stats']>[0]) => boolean,
    ms = 5000,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching event:stats within ${ms} ms`)),
        ms,
      );
      socket.on('event:stats', (push) => {
        if (!accept(push)) return;
        clearTimeout(timer);
        resolve();
      });
    });
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

  it('a request reaches the host’s socket with the seq its write bumped; a socket without permission gets nothing', async () => {
    const event = await insertEvent(t, host.id);
    const [fan, stranger] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    await joined(t, fan, event.code);
    const hostSocket = await open(host);
    expect(await subscribe(hostSocket, event.id)).toEqual({ ok: true, data: { seq: 1 } });
    const strangerSocket = await open(stranger);
    expect(await subscribe(strangerSocket, event.id)).toMatchObject({ ok: false });
    const leaked = record(strangerSocket);

    const upserted = nextPush(hostSocket, 'request:upserted');
    const stats = nextPush(hostSocket, 'event:stats');
    expect((await sendRequest(t, fan, event.id)).statusCode).toBe(201);

    expect(await upserted).toMatchObject({
      eventId: event.id,
      seq: 2,
      request: { song_id: BOHEMIAN.song_id, request_count: 1, status: 0 },
    });
    expect(await stats).toEqual({ eventId: event.id, seq: 2, stats: { joined: 1, requests: 1 } });
    await settle(strangerSocket, stranger.id);
    expect(leaked).toEqual([]);
  });

  it('a refused or unchanged write pushes nothing (pushes follow commits only)', async () => {
    const ended = await insertEvent(t, host.id, {
      start: '2020-01-01T20:00:00Z',
      end: '2020-01-02T02:00:00Z',
    });
    const [fan] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, fan, ended.code);
    const hostSocket = await open(host);
    await subscribe(hostSocket, ended.id);
    const heard = record(hostSocket);

    expect((await sendRequest(t, fan, ended.id)).statusCode).toBe(409);
    expect((await joinByCode(t, fan, ended.code)).statusCode).toBe(200);
    expect((await cancelRequest(t, fan, ended.id, BOHEMIAN.song_id)).statusCode).toBe(404);

    await settle(hostSocket, host.id);
    expect(heard).toEqual([]);
    expect(await eventSeq(t, ended.id)).toBe(1);
  });

  it('refuses a room to an attendee or guest before they join, and grants it after (subscribe again)', async () => {
    const event = await insertEvent(t, host.id);
    const [fan] = (await signInMany(t, 1)) as [SignedIn];
    const hostSocket = await open(host);
    await subscribe(hostSocket, event.id);
    const fanSocket = await open(fan);
    expect(await subscribe(fanSocket, event.id)).toMatchObject({ ok: false });

    const joinedPush = nextPush(hostSocket, 'attendee:joined');
    const stats = nextPush(hostSocket, 'event:stats');
    expect((await joinByCode(t, fan, event.code)).statusCode).toBe(200);
    expect(await joinedPush).toEqual({
      eventId: event.id,
      seq: 1,
      attendeeId: fan.id,
      attendeeName: 'Fan 1',
    });
    expect(await stats).toMatchObject({ seq: 1, stats: { joined: 1, requests: 0 } });

    expect(await subscribe(fanSocket, event.id)).toEqual({ ok: true, data: { seq: 1 } });
  });

  it('mark played reaches every requester’s own socket (request:played) and the room', async () => {
    const event = await insertEvent(t, host.id, { name: 'Played Night' });
    const fans = await signInMany(t, 3);
    const [ann, bob, cy] = fans as [SignedIn, SignedIn, SignedIn];
    for (const fan of fans) await joined(t, fan, event.code);
    await sendRequest(t, ann, event.id);
    await sendRequest(t, bob, event.id);
    await sendRequest(t, cy, event.id, { song_id: AGADOO });
    const hostSocket = await open(host);
    await subscribe(hostSocket, event.id);
    // Ann watches the room; Bob only has his socket open (the played news goes to his own room).
    const annSocket = await open(ann);
    await subscribe(annSocket, event.id);
    const bobSocket = await open(bob);
    const cySocket = await open(cy);
    const cyHeard = record(cySocket, ['request:played']);
    const seqBefore = await eventSeq(t, event.id);

    const annPlayed = nextPush(annSocket, 'request:played');
    const bobPlayed = nextPush(bobSocket, 'request:played');
    const roomUpdate = nextPush(hostSocket, 'request:upserted');
    const annRoomUpdate = nextPush(annSocket, 'request:upserted');
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played')).statusCode).toBe(200);

    const seq = seqBefore + 1;
    expect(await annPlayed).toMatchObject({
      eventId: event.id,
      seq,
      eventName: 'Played Night',
      request: { attendee_id: ann.id, song_id: BOHEMIAN.song_id, status: 1 },
    });
    expect(await bobPlayed).toMatchObject({
      seq,
      request: { attendee_id: bob.id, song_id: BOHEMIAN.song_id, status: 1 },
    });
    expect(await roomUpdate).toMatchObject({
      seq,
      request: { song_id: BOHEMIAN.song_id, status: 1, request_count: 2 },
    });
    expect((await annRoomUpdate).seq).toBe(seq);
    await settle(cySocket, cy.id);
    expect(cyHeard).toEqual([]);
  });

  it('a cancel pushes the lower count, and the last cancel removes the song', async () => {
    const event = await insertEvent(t, host.id);
    const [ann, bob] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    for (const fan of [ann, bob]) {
      await joined(t, fan, event.code);
      await sendRequest(t, fan, event.id);
    }
    const hostSocket = await open(host);
    const { data } = (await subscribe(hostSocket, event.id)) as { data: { seq: number } };

    const lower = nextPush(hostSocket, 'request:upserted');
    await cancelRequest(t, ann, event.id, BOHEMIAN.song_id);
    expect(await lower).toMatchObject({ seq: data.seq + 1, request: { request_count: 1 } });

    const removed = nextPush(hostSocket, 'request:removed');
    // The first cancel's counts may still be on their way (they are coalesced).
    const stats = nextPushWhere(hostSocket, 'event:stats', (push) => push.seq === data.seq + 2);
    await cancelRequest(t, bob, event.id, BOHEMIAN.song_id);
    expect(await removed).toEqual({
      eventId: event.id,
      seq: data.seq + 2,
      songId: BOHEMIAN.song_id,
    });
    expect(await stats).toMatchObject({ seq: data.seq + 2, stats: { joined: 2, requests: 0 } });
  });

  it('a leave pushes attendee:left and the songs it took out to the host, the counts to the room, and the leaver’s socket leaves the room', async () => {
    const event = await insertEvent(t, host.id);
    const [ann, bob] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    for (const fan of [ann, bob]) await joined(t, fan, event.code);
    await sendRequest(t, ann, event.id);
    await sendRequest(t, bob, event.id);
    await sendRequest(t, ann, event.id, { song_id: AGADOO });
    const hostSocket = await open(host);
    const { data } = (await subscribe(hostSocket, event.id)) as { data: { seq: number } };
    const annSocket = await open(ann);
    await subscribe(annSocket, event.id);
    const bobSocket = await open(bob);
    await subscribe(bobSocket, event.id);
    const heard = record(hostSocket);
    const annHeard = record(annSocket);
    const bobHeard = record(bobSocket);

    const seq = data.seq + 1;
    const hostStats = statsWhere(hostSocket, (push) => push.seq === seq);
    const bobStats = statsWhere(bobSocket, (push) => push.seq === seq);
    expect(
      (await post(t, '/api/v1/leave-event', { event_id: event.id }, ann.headers)).statusCode,
    ).toBe(200);
    await Promise.all([hostStats, bobStats]);

    expect(heard).toEqual(
      expect.arrayContaining([
        { name: 'attendee:left', payload: { eventId: event.id, seq, attendeeId: ann.id } },
        {
          name: 'request:upserted',
          payload: expect.objectContaining({
            seq,
            request: expect.objectContaining({ song_id: BOHEMIAN.song_id, request_count: 1 }),
          }),
        },
        { name: 'request:removed', payload: { eventId: event.id, seq, songId: AGADOO } },
        {
          name: 'event:stats',
          payload: { eventId: event.id, seq, stats: { joined: 1, requests: 1 } },
        },
      ]),
    );
    expect(heard).toHaveLength(4);
    // Bob sees the counts; who left and the grouped entries are the host's.
    expect(bobHeard).toEqual([
      {
        name: 'event:stats',
        payload: { eventId: event.id, seq, stats: { joined: 1, requests: 1 } },
      },
    ]);

    // Ann is out of the room: Bob's next request does not reach her.
    const next = nextPush(hostSocket, 'request:upserted');
    await sendRequest(t, bob, event.id, { song_id: AGADOO });
    await next;
    await settle(annSocket, ann.id);
    expect(annHeard).toEqual([]);
  });

  it('an attendee’s send and cancel reach the host as every entry with every seq, and other attendees as the latest counts only', async () => {
    const event = await insertEvent(t, host.id);
    const [ann, bob] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    for (const fan of [ann, bob]) await joined(t, fan, event.code);
    await sendRequest(t, bob, event.id);
    const hostSocket = await open(host);
    const { data } = (await subscribe(hostSocket, event.id)) as { data: { seq: number } };
    const bobSocket = await open(bob);
    expect(await subscribe(bobSocket, event.id)).toEqual({ ok: true, data: { seq: data.seq } });
    const hostHeard = record(hostSocket, ['request:upserted', 'request:removed']);
    const hostCounts = record(hostSocket, ['event:stats']);
    const bobHeard = record(bobSocket);

    // Ann requests the song Bob requested, requests another, then cancels both.
    const seqs = [1, 2, 3, 4].map((step) => data.seq + step);
    const hostDone = statsWhere(hostSocket, (push) => push.seq === seqs[3]);
    const bobDone = statsWhere(bobSocket, (push) => push.seq === seqs[3]);
    await sendRequest(t, ann, event.id);
    await sendRequest(t, ann, event.id, { song_id: AGADOO });
    await cancelRequest(t, ann, event.id, BOHEMIAN.song_id);
    await cancelRequest(t, ann, event.id, AGADOO);
    await Promise.all([hostDone, bobDone]);

    expect(hostHeard).toEqual([
      {
        name: 'request:upserted',
        payload: expect.objectContaining({
          seq: seqs[0],
          request: expect.objectContaining({ song_id: BOHEMIAN.song_id, request_count: 2 }),
        }),
      },
      {
        name: 'request:upserted',
        payload: expect.objectContaining({
          seq: seqs[1],
          request: expect.objectContaining({ song_id: AGADOO, request_count: 1 }),
        }),
      },
      {
        name: 'request:upserted',
        payload: expect.objectContaining({
          seq: seqs[2],
          request: expect.objectContaining({ song_id: BOHEMIAN.song_id, request_count: 1 }),
        }),
      },
      { name: 'request:removed', payload: { eventId: event.id, seq: seqs[3], songId: AGADOO } },
    ]);
    // Counts are state: each newer than the last, the final one as of the last write.
    for (const counts of [hostCounts, bobHeard]) {
      expect(counts.every((push) => push.name === 'event:stats')).toBe(true);
      const seen = counts.map((push) => (push.payload as { seq: number }).seq);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(new Set(seen).size).toBe(seen.length);
      expect(counts.at(-1)?.payload).toEqual({
        eventId: event.id,
        seq: seqs[3],
        stats: { joined: 2, requests: 1 },
      });
    }
  });

  it('passes on an event’s counts coalesced: many in one moment reach a socket as the newest one', async () => {
    const event = await insertEvent(t, host.id);
    const hostSocket = await open(host);
    await subscribe(hostSocket, event.id);
    const heard = record(hostSocket, ['event:stats']);
    const last = (seq: number) => statsWhere(hostSocket, (push) => push.seq === seq);

    const first = last(900_020);
    for (let seq = 900_001; seq <= 900_020; seq += 1) {
      t.app.realtime.toEventCoalesced('event:stats', {
        eventId: event.id,
        seq,
        stats: { joined: seq, requests: 0 },
      });
    }
    await first;
    const second = last(900_040);
    for (let seq = 900_021; seq <= 900_040; seq += 1) {
      t.app.realtime.toEventCoalesced('event:stats', {
        eventId: event.id,
        seq,
        stats: { joined: seq, requests: 0 },
      });
    }
    // An older count arriving late (from another node) is not passed on.
    t.app.realtime.toEventCoalesced('event:stats', {
      eventId: event.id,
      seq: 900_010,
      stats: { joined: 1, requests: 0 },
    });
    await second;
    await settle(hostSocket, host.id);
    expect(heard.map((push) => (push.payload as { seq: number }).seq)).toEqual([900_020, 900_040]);
  });

  it('mark unplayed and the host’s delete reach a requester watching the room', async () => {
    const event = await insertEvent(t, host.id);
    const [ann] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, ann, event.code);
    await sendRequest(t, ann, event.id);
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played');
    const annSocket = await open(ann);
    const { data } = (await subscribe(annSocket, event.id)) as { data: { seq: number } };

    const unplayed = nextPush(annSocket, 'request:upserted');
    const unplayedStats = nextPush(annSocket, 'event:stats');
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'unplayed')).statusCode).toBe(
      200,
    );
    expect(await unplayed).toMatchObject({
      seq: data.seq + 1,
      request: { song_id: BOHEMIAN.song_id, status: 0 },
    });
    expect((await unplayedStats).seq).toBe(data.seq + 1);

    const removed = nextPush(annSocket, 'request:removed');
    const removedStats = nextPush(annSocket, 'event:stats');
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'delete')).statusCode).toBe(200);
    expect(await removed).toEqual({
      eventId: event.id,
      seq: data.seq + 2,
      songId: BOHEMIAN.song_id,
    });
    expect(await removedStats).toMatchObject({ seq: data.seq + 2, stats: { requests: 0 } });
  });

  it('a guest’s logout takes its requests out: the host gets the entries, the room the counts, each with a bumped seq', async () => {
    const event = await insertEvent(t, host.id);
    const other = await insertEvent(t, host.id);
    const guest = await signInGuest(t);
    const [ann] = (await signInMany(t, 1)) as [SignedIn];
    for (const fan of [guest, ann]) await joined(t, fan, event.code);
    await joined(t, guest, other.code);
    await sendRequest(t, ann, event.id);
    await sendRequest(t, guest, event.id);
    await sendRequest(t, guest, event.id, { song_id: AGADOO });
    await sendRequest(t, guest, other.id);
    await markRequest(t, host, other.id, BOHEMIAN.song_id, 'played');
    const hostSocket = await open(host);
    const { data } = (await subscribe(hostSocket, event.id)) as { data: { seq: number } };
    const otherSeq = (await subscribe(hostSocket, other.id)) as { data: { seq: number } };
    const annSocket = await open(ann);
    await subscribe(annSocket, event.id);
    const hostHeard = record(hostSocket);
    const annHeard = record(annSocket);

    const seq = data.seq + 1;
    const seqOfOther = otherSeq.data.seq + 1;
    const hostStats = [
      statsWhere(hostSocket, (push) => push.eventId === event.id && push.seq === seq),
      statsWhere(hostSocket, (push) => push.eventId === other.id && push.seq === seqOfOther),
    ];
    const annStats = statsWhere(annSocket, (push) => push.seq === seq);
    expect((await post(t, '/api/auth/logout', {}, guest.headers)).statusCode).toBe(200);
    await Promise.all([...hostStats, annStats]);
    // Counts are coalesced state: the counts of the writes before the logout may still reach a
    // socket that just subscribed. Only what the logout caused is asserted here.
    const logoutSeq = new Map([
      [event.id, seq],
      [other.id, seqOfOther],
    ]);
    const byLogout = (heard: typeof hostHeard) =>
      heard.filter(({ name, payload }) => {
        if (name !== 'event:stats') return true;
        const push = payload as { eventId: number; seq: number };
        return push.seq >= (logoutSeq.get(push.eventId) ?? 0);
      });

    expect(byLogout(hostHeard)).toEqual(
      expect.arrayContaining([
        {
          name: 'request:upserted',
          payload: expect.objectContaining({
            eventId: event.id,
            seq,
            request: expect.objectContaining({ song_id: BOHEMIAN.song_id, request_count: 1 }),
          }),
        },
        { name: 'request:removed', payload: { eventId: event.id, seq, songId: AGADOO } },
        { name: 'attendee:left', payload: { eventId: event.id, seq, attendeeId: guest.id } },
        {
          name: 'event:stats',
          payload: { eventId: event.id, seq, stats: { joined: 1, requests: 1 } },
        },
        // Its played request goes too: the account is gone.
        {
          name: 'request:removed',
          payload: { eventId: other.id, seq: seqOfOther, songId: BOHEMIAN.song_id },
        },
        {
          name: 'attendee:left',
          payload: { eventId: other.id, seq: seqOfOther, attendeeId: guest.id },
        },
        {
          name: 'event:stats',
          payload: { eventId: other.id, seq: seqOfOther, stats: { joined: 0, requests: 0 } },
        },
      ]),
    );
    expect(byLogout(hostHeard)).toHaveLength(7);
    expect(byLogout(annHeard)).toEqual([
      {
        name: 'event:stats',
        payload: { eventId: event.id, seq, stats: { joined: 1, requests: 1 } },
      },
    ]);

    const snapshot = await get(
      t,
      `/api/v1/get-event-details?id=${event.id}&include=requests`,
      host.headers,
    );
    const details = hostEventDetailsSchema
      .required({ song_requests: true })
      .parse(snapshot.json().data);
    expect(details.seq).toBe(seq);
    expect(details.song_requests.map((request) => request.attendee_id)).toEqual([ann.id]);
    expect(details.grouped_song_requests).toEqual([
      expect.objectContaining({ song_id: BOHEMIAN.song_id, request_count: 1 }),
    ]);
  });

  it('a guest who only joined still leaves the joined count with a bumped seq at logout', async () => {
    const event = await insertEvent(t, host.id);
    const guest = await signInGuest(t);
    await joined(t, guest, event.code);
    const hostSocket = await open(host);
    const { data } = (await subscribe(hostSocket, event.id)) as { data: { seq: number } };
    const hostHeard = record(hostSocket);

    const stats = statsWhere(hostSocket, (push) => push.eventId === event.id);
    expect((await post(t, '/api/auth/logout', {}, guest.headers)).statusCode).toBe(200);
    await stats;
    expect(hostHeard).toEqual([
      {
        name: 'attendee:left',
        payload: { eventId: event.id, seq: data.seq + 1, attendeeId: guest.id },
      },
      {
        name: 'event:stats',
        payload: { eventId: event.id, seq: data.seq + 1, stats: { joined: 0, requests: 0 } },
      },
    ]);
  });

  it('a host whose socket was down while requests arrived gets them all: reconnect, resubscribe, seq ahead, snapshot', async () => {
    const event = await insertEvent(t, host.id);
    const fans = await signInMany(t, 5);
    for (const fan of fans) await joined(t, fan, event.code);
    const first = await open(host);
    await subscribe(first, event.id);
    const push = nextPush(first, 'request:upserted');
    await sendRequest(t, fans[0] as SignedIn, event.id);
    const lastSeen = (await push).seq;

    first.disconnect();
    for (const [index, fan] of fans.entries()) {
      await sendRequest(t, fan, event.id, { song_id: index % 2 === 0 ? AGADOO : BOHEMIAN.song_id });
    }

    const again = await open(host);
    const resubscribed = (await subscribe(again, event.id)) as { ok: true; data: { seq: number } };
    expect(resubscribed.ok).toBe(true);
    expect(resubscribed.data.seq).toBeGreaterThan(lastSeen);
    // The ack's seq is ahead of what the client saw: it fetches the snapshot.
    const snapshot = await get(
      t,
      `/api/v1/get-event-details?id=${event.id}&include=requests`,
      host.headers,
    );
    const details = hostEventDetailsSchema
      .required({ song_requests: true })
      .parse(snapshot.json().data);
    expect(details.seq).toBeGreaterThanOrEqual(resubscribed.data.seq);
    expect(details.song_requests).toHaveLength(6);
    expect(
      Object.fromEntries(details.grouped_song_requests.map((g) => [g.song_id, g.request_count])),
    ).toEqual({ [BOHEMIAN.song_id]: 3, [AGADOO]: 3 });
  });

  it('50 simultaneous requests for one song reach the host as 50 pushes with 50 distinct consecutive seqs, each counting as of its seq', async () => {
    const event = await insertEvent(t, host.id);
    const fans = await signInMany(t, 50, 'Crowd');
    for (const fan of fans) await joined(t, fan, event.code);
    const hostSocket = await open(host);
    const { data } = (await subscribe(hostSocket, event.id)) as { data: { seq: number } };
    const pushes: Array<{ seq: number; count: number }> = [];
    const stats: Array<{ seq: number; requests: number }> = [];
    // The entries and the coalesced counts travel apart: wait for all 50 and for the last counts.
    const allEntries = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${pushes.length} of 50 entries`)), 20_000);
      hostSocket.on('request:upserted', (push) => {
        pushes.push({ seq: push.seq, count: push.request.request_count });
        if (pushes.length < 50) return;
        clearTimeout(timer);
        resolve();
      });
    });
    hostSocket.on('event:stats', (push) => {
      stats.push({ seq: push.seq, requests: push.stats.requests });
    });
    const lastCounts = statsWhere(hostSocket, (push) => push.seq === data.seq + 50, 20_000);

    await Promise.all(fans.map((fan) => sendRequest(t, fan, event.id)));
    await Promise.all([allEntries, lastCounts]);
    // Nothing more arrives after the marker, sent once all 50 are in.
    await settle(hostSocket, host.id);
    expect(pushes).toHaveLength(50);

    const seqs = pushes.map((push) => push.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, index) => data.seq + index + 1));
    // Each push carries the count as of its own seq; the counts, coalesced, too.
    for (const push of pushes) expect(push.count).toBe(push.seq - data.seq);
    for (const push of stats) expect(push.requests).toBe(push.seq - data.seq);
  });
});
