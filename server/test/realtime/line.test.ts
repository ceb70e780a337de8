import {
  attendeeEventDetailsSchema,
  LINE_INTERVAL_MS,
  LINE_SIZE,
  POPULAR_SIZE,
  userRoom,
  type EventLine,
  type ServerToClientEvents,
} from '@floorfill/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
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
  GET_READY,
  eventSeq,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
  signIn,
  signInMany,
} from '../requests/request-factories.ts';

type LinePush = Parameters<ServerToClientEvents['event:line']>[0];

/**
 * The line (issue 15): the room's view of the waiting songs, for each guest's
 * timeline ("#4 in line, in about 12 min") and "Popular in the room". In the
 * attendee's snapshot, in a reconnect's delta, and pushed to the room as
 * `event:line`: computed once per room, at most once per LINE_INTERVAL_MS,
 * only when it changed; never a requester's name or a dedication.
 */
describe('the line', () => {
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
  const details = async (who: SignedIn, eventId: number) => {
    const res = await get(t, `/api/v1/get-attendee-event-details?id=${eventId}`, who.headers);
    expect(res.statusCode, res.body).toBe(200);
    return attendeeEventDetailsSchema.parse(res.json().data);
  };
  const lineNow = async (eventId: number) =>
    (await t.app.services.liveQueue.line(t.ctx.db, eventId)) as EventLine;
  const readLineAsTheAppDoes = (eventId: number) =>
    t.app.services.liveQueue.line(t.ctx.db, eventId);

  /** Every `event:line` a socket receives, with when. */
  function recordLines(socket: TestSocket) {
    const heard: Array<{ at: number; push: LinePush }> = [];
    socket.on('event:line', (push) => heard.push({ at: Date.now(), push }));
    return heard;
  }

  /**
   * Proves a socket got nothing more: a marker sent to its own room arrives
   * after anything sent to it before.
   */
  async function settle(socket: TestSocket, userId: number): Promise<void> {
    const marker = nextPush(socket, 'server:draining');
    t.app.realtime.io.to(userRoom(userId)).emit('server:draining');
    await marker;
  }

  /** Counts the line's reads for one event; `read()` resolves once one more has been passed on. */
  function watchReads(eventId: number) {
    let reads = 0;
    let waiting: Array<{ atLeast: number; resolve: () => void }> = [];
    t.app.realtime.serveLineWith(async (id) => {
      const line = await readLineAsTheAppDoes(id);
      if (id !== eventId) return line;
      reads += 1;
      // After the caller had its turn to pass the line on (the emit follows the read at once).
      setImmediate(() => {
        const done = waiting.filter((wait) => reads >= wait.atLeast);
        waiting = waiting.filter((wait) => reads < wait.atLeast);
        for (const wait of done) wait.resolve();
      });
      return line;
    });
    return {
      count: () => reads,
      /** Resolves after the next read past the current count was passed on (or not). */
      next: () =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no read of the line')), 5000);
          waiting.push({
            atLeast: reads + 1,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        }),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterEach(() => {
    t.app.realtime.serveLineWith(readLineAsTheAppDoes);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('is in a joined attendee’s snapshot, in the queue order, without the playing song; not before joining', async () => {
    const event = await insertEvent(t, host.id);
    const [ann, bob, cy, stranger] = (await signInMany(t, 4)) as [
      SignedIn,
      SignedIn,
      SignedIn,
      SignedIn,
    ];
    for (const fan of [ann, bob, cy]) await joined(t, fan, event.code);
    await sendRequest(t, cy, event.id, itunesSong('1'));
    await sendRequest(t, ann, event.id, { song_id: BOHEMIAN.song_id });
    await sendRequest(t, bob, event.id, { song_id: BOHEMIAN.song_id });
    await sendRequest(t, cy, event.id, { song_id: AGADOO });
    expect((await markRequest(t, host, event.id, AGADOO, 'playing')).statusCode).toBe(200);

    const seen = await details(ann, event.id);
    expect(seen.line).toEqual({
      seq: await eventSeq(t, event.id),
      // Most requested first, then asked for first; Agadoo plays, so it waits no more.
      songs: [
        [BOHEMIAN.song_id, BOHEMIAN.song_duration, 2],
        ['itunes-1', 200, 1],
      ],
      more: false,
      popular: [
        {
          song_id: BOHEMIAN.song_id,
          song_name: BOHEMIAN.song_name,
          song_artist: BOHEMIAN.song_artist,
          album_name: BOHEMIAN.album_name,
          song_image: null,
          song_duration: BOHEMIAN.song_duration,
          request_count: 2,
        },
        {
          song_id: 'itunes-1',
          song_name: 'Track 1',
          song_artist: 'Someone',
          album_name: 'Some Album',
          // Artwork from a host the server does not take is left out when the request is stored.
          song_image: null,
          song_duration: 200,
          request_count: 1,
        },
      ],
    });
    expect((await details(stranger, event.id)).line).toBeNull();
  });

  it('lists the first LINE_SIZE waiting songs and says more wait; songs put off with Later come last and are not popular', async () => {
    const event = await insertEvent(t, host.id);
    const [fan, friend] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    await joined(t, fan, event.code);
    await joined(t, friend, event.code);
    for (let index = 0; index <= LINE_SIZE; index += 1) {
      const res = await sendRequest(t, fan, event.id, itunesSong(String(index)));
      expect(res.statusCode, res.body).toBe(201);
    }
    // Asked for twice: first in line. Then put off with Later: last, and not popular.
    await sendRequest(t, friend, event.id, itunesSong('7'));
    expect((await lineNow(event.id)).songs[0]?.[0]).toBe('itunes-7');
    expect((await markRequest(t, host, event.id, 'itunes-7', 'later')).statusCode).toBe(200);

    const line = await lineNow(event.id);
    expect(line.songs).toHaveLength(LINE_SIZE);
    expect(line.more).toBe(true);
    expect(line.songs.map(([songId]) => songId)).not.toContain('itunes-7');
    expect(line.popular.map((song) => song.song_id)).toEqual(
      ['itunes-0', 'itunes-1', 'itunes-2', 'itunes-3', 'itunes-4', 'itunes-5'].slice(
        0,
        POPULAR_SIZE,
      ),
    );

    // With fewer waiting, the Later song shows at the end of the line.
    for (let index = 10; index <= LINE_SIZE; index += 1) {
      await markRequest(t, host, event.id, `itunes-${index}`, 'played');
    }
    const shorter = await lineNow(event.id);
    expect(shorter.more).toBe(false);
    expect(shorter.songs.at(-1)).toEqual(['itunes-7', 200, 2]);
    expect(shorter.popular.map((song) => song.song_id)).not.toContain('itunes-7');
  });

  it('reaches the room coalesced: many writes arrive as at most one line per interval, the newest last', async () => {
    const event = await insertEvent(t, host.id);
    const [watcher] = (await signInMany(t, 1, 'Watcher')) as [SignedIn];
    await joined(t, watcher, event.code);
    const socket = await open(watcher);
    expect(await subscribe(socket, event.id)).toMatchObject({ ok: true });
    const heard = recordLines(socket);
    const reads = watchReads(event.id);

    const crowd = await signInMany(t, 12, 'Crowd');
    for (const fan of crowd) {
      await joined(t, fan, event.code);
      expect((await sendRequest(t, fan, event.id, { song_id: GET_READY })).statusCode).toBe(201);
    }
    const last = await nextPushWhere(
      socket,
      'event:line',
      (push) => push.line.songs[0]?.[2] === 12,
      LINE_INTERVAL_MS * 3,
    );

    expect(last.line).toEqual(await lineNow(event.id));
    expect(heard.length).toBeLessThan(12);
    expect(heard.at(-1)?.push).toEqual(last);
    for (let index = 1; index < heard.length; index += 1) {
      const gap = (heard[index]?.at ?? 0) - (heard[index - 1]?.at ?? 0);
      // Timers fire a little early or late; the interval is what the server waits.
      expect(gap).toBeGreaterThanOrEqual(LINE_INTERVAL_MS - 50);
    }
    // Read once per push for the whole room, never once per write. (A change heard while a
    // read was under way may be read again and found the same: at most one read more.)
    expect(reads.count()).toBeGreaterThanOrEqual(heard.length);
    expect(reads.count()).toBeLessThanOrEqual(heard.length + 1);
  });

  it('carries no requester name and no dedication', async () => {
    const event = await insertEvent(t, host.id);
    const [watcher, secret] = (await signInMany(t, 2, 'Zelda Secretname')) as [SignedIn, SignedIn];
    await joined(t, watcher, event.code);
    await joined(t, secret, event.code);
    const socket = await open(watcher);
    await subscribe(socket, event.id);
    const pushed = nextPush(socket, 'event:line');
    const res = await sendRequest(t, secret, event.id, {
      song_id: BOHEMIAN.song_id,
      message: 'For my hidden crush',
    });
    expect(res.statusCode).toBe(201);

    const push = await pushed;
    const text = JSON.stringify(push);
    expect(text).not.toMatch(/Zelda|Secretname|hidden crush/);
    expect(Object.keys(push).sort()).toEqual(['eventId', 'line']);
    expect(Object.keys(push.line).sort()).toEqual(['more', 'popular', 'seq', 'songs']);
    expect(Object.keys(push.line.popular[0] ?? {}).sort()).toEqual([
      'album_name',
      'request_count',
      'song_artist',
      'song_duration',
      'song_id',
      'song_image',
      'song_name',
    ]);
    // The size a phone receives per push, for docs/decisions.md: a few hundred bytes here.
    expect(text.length).toBeLessThan(1024);
  });

  it('is not sent again when a write leaves it as it was, and never to a socket that has not joined', async () => {
    const event = await insertEvent(t, host.id);
    const [ann, bob, stranger] = (await signInMany(t, 3)) as [SignedIn, SignedIn, SignedIn];
    await joined(t, ann, event.code);
    await joined(t, bob, event.code);
    await sendRequest(t, ann, event.id, { song_id: AGADOO });
    await sendRequest(t, ann, event.id, { song_id: BOHEMIAN.song_id });
    const annSocket = await open(ann);
    await subscribe(annSocket, event.id);
    const strangerSocket = await open(stranger);
    expect(await subscribe(strangerSocket, event.id)).toMatchObject({ ok: false });
    const annHeard = recordLines(annSocket);
    const strangerHeard = recordLines(strangerSocket);
    const reads = watchReads(event.id);

    // Bohemian Rhapsody plays: it leaves the line.
    const playing = nextPushWhere(annSocket, 'event:line', (push) => push.line.songs.length === 1);
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'playing')).statusCode).toBe(
      200,
    );
    expect((await playing).line.songs).toEqual([[AGADOO, expect.any(Number), 1]]);

    // Bob asks for the song playing now: its entry changed, the line did not.
    const readAgain = reads.next();
    expect((await sendRequest(t, bob, event.id, { song_id: BOHEMIAN.song_id })).statusCode).toBe(
      201,
    );
    await readAgain;
    await settle(annSocket, ann.id);
    await settle(strangerSocket, stranger.id);
    expect(annHeard).toHaveLength(1);
    expect(strangerHeard).toEqual([]);
  });

  it('comes with a reconnect’s delta as it is now', async () => {
    const event = await insertEvent(t, host.id);
    const [ann, bob] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    await joined(t, ann, event.code);
    await joined(t, bob, event.code);
    const first = await open(ann);
    const answer = await subscribe(first, event.id);
    if (!answer.ok) throw new Error(answer.error);
    first.disconnect();

    await sendRequest(t, bob, event.id, { song_id: GET_READY });
    await sendRequest(t, bob, event.id, { song_id: AGADOO });

    const again = await open(ann);
    const resumed = await again.emitWithAck('event:subscribe', {
      eventId: event.id,
      since: answer.data.seq,
    });
    if (!resumed.ok) throw new Error(resumed.error);
    expect(resumed.data.delta?.line).toEqual(await lineNow(event.id));
    expect(resumed.data.delta?.line?.songs.map(([songId]) => songId)).toEqual([GET_READY, AGADOO]);
  });
});
