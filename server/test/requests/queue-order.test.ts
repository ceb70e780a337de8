import {
  attendeeEventDetailsSchema,
  BOOST_ORDERS,
  compareQueueEntries,
  hostEventDetailsSchema,
  LINE_SIZE,
  QUEUE_ORDERS,
  REQUEST_RULE_MSG,
  type GroupedSongRequest,
  type QueueOrder,
  type QueueOrderFields,
} from '@floorfill/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  cancelRequest,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
  signIn,
  signInMany,
} from './request-factories.ts';

/**
 * The queue order the host chooses (issue 29): most requested (the spec's),
 * first come, or fair share — in turns, every guest's first request before
 * anyone's second. One comparator (`compareQueueEntries`) orders the host's
 * snapshot, the booth, the big screen and, in SQL, the guests' line.
 */
describe('the queue order the host chooses', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Order Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  const setOrder = (eventId: number, queueOrder: unknown, who: SignedIn = host) =>
    post(
      t,
      '/api/v1/update-request-settings',
      { event_id: eventId, queue_order: queueOrder },
      who.headers,
    );

  async function hostQueue(eventId: number) {
    const res = await get(t, `/api/v1/get-event-details?id=${eventId}`, host.headers);
    expect(res.statusCode, res.body).toBe(200);
    return hostEventDetailsSchema.parse(res.json().data);
  }

  async function lineOf(eventId: number, guest: SignedIn) {
    const res = await get(t, `/api/v1/get-attendee-event-details?id=${eventId}`, guest.headers);
    expect(res.statusCode, res.body).toBe(200);
    return attendeeEventDetailsSchema.parse(res.json().data).line;
  }

  async function displayNext(code: string) {
    const res = await get(t, `/api/v1/get-display?code=${code}`, host.headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.up_next as { song_id: string }[]).map((song) => song.song_id);
  }

  const waitingIds = (queue: readonly GroupedSongRequest[], playing: string | null = null) =>
    queue
      .filter((song) => song.status === 0 && song.song_id !== playing)
      .map((song) => song.song_id);

  it('is most requested until the host chooses another; anything else is refused and changes nothing', async () => {
    const event = await insertEvent(t, host.id, { name: 'Order Night' });
    expect((await hostQueue(event.id)).request_settings.queue_order).toBe('most_requested');
    for (const order of QUEUE_ORDERS) {
      const res = await setOrder(event.id, order);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        msg: REQUEST_RULE_MSG.saved,
        data: { queue_order: order },
      });
    }
    const wrong = await setOrder(event.id, 'loudest_first');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      queue_order: ['Must be most_requested, first_come or fair_share.'],
    });
    const [guest] = (await signInMany(t, 1)) as [SignedIn];
    expect((await setOrder(event.id, 'first_come', guest)).statusCode).toBe(404);
    expect((await hostQueue(event.id)).request_settings.queue_order).toBe('fair_share');
  });

  it('orders the booth, the line and the big screen alike, for each choice', async () => {
    const event = await insertEvent(t, host.id, { name: 'Turns Night' });
    const [ann, bob, cat] = (await signInMany(t, 3)) as [SignedIn, SignedIn, SignedIn];
    for (const guest of [ann, bob, cat]) await joined(t, guest, event.code);
    // Ann asks for three songs; Bob's first is Ann's second; Cat asks once; Bob's second comes last.
    for (const [guest, song] of [
      [ann, '1'],
      [ann, '2'],
      [ann, '3'],
      [bob, '2'],
      [cat, '4'],
      [bob, '5'],
    ] as const) {
      const res = await sendRequest(t, guest, event.id, itunesSong(song));
      expect(res.statusCode, res.body).toBe(201);
    }
    const expected: Record<QueueOrder, string[]> = {
      // Song 2 has two requests; the rest one each, the earliest first.
      most_requested: ['2', '1', '3', '4', '5'],
      first_come: ['1', '2', '3', '4', '5'],
      // Turn 1: 2 (Bob's first, two requests), 1 (Ann's first), 4 (Cat's first);
      // turn 2: 5 (Bob's second); turn 3: 3 (Ann's third).
      fair_share: ['2', '1', '4', '5', '3'],
    };
    for (const order of QUEUE_ORDERS) {
      expect((await setOrder(event.id, order)).statusCode).toBe(200);
      const want = expected[order].map((id) => `itunes-${id}`);
      const snapshot = await hostQueue(event.id);
      expect(waitingIds(snapshot.grouped_song_requests), order).toEqual(want);
      const line = await lineOf(event.id, cat);
      expect(
        line?.songs.map(([songId]) => songId),
        order,
      ).toEqual(want);
      expect(await displayNext(event.code), order).toEqual(want.slice(0, 3));
    }
    const turns = (await hostQueue(event.id)).grouped_song_requests.map((song) => [
      song.song_id,
      song.turn,
    ]);
    expect(Object.fromEntries(turns)).toEqual({
      'itunes-1': 1,
      'itunes-2': 1,
      'itunes-3': 3,
      'itunes-4': 1,
      'itunes-5': 2,
    });
  });

  /** What a step of a night does: a guest asks or cancels, or the DJ plays a song. */
  type Step =
    | { kind: 'request'; guest: number; song: number }
    | { kind: 'cancel'; guest: number; song: number }
    | { kind: 'play'; song: number };

  const GUESTS = 4;
  const SONGS = 4;
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('request' as const),
        guest: fc.nat(GUESTS - 1),
        song: fc.nat(SONGS - 1),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('cancel' as const),
        guest: fc.nat(GUESTS - 1),
        song: fc.nat(SONGS - 1),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('play' as const), song: fc.nat(SONGS - 1) }),
    },
  );

  /** The model's request: whose, of what, its turn, and when (the order requests were made). */
  interface ModelRequest {
    guest: number;
    song: string;
    turn: number;
    at: number;
    played: boolean;
  }

  it('fair share holds for any night: nobody’s second song above someone’s first, and every screen agrees', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
        const event = await insertEvent(t, host.id, { name: 'Any Night' });
        expect((await setOrder(event.id, 'fair_share')).statusCode).toBe(200);
        const guests = await signInMany(t, GUESTS);
        for (const guest of guests) await joined(t, guest, event.code);
        // The model: the rule in its own words, kept from what the server accepted.
        let requests: ModelRequest[] = [];
        let playing: string | null = null;
        /** The server against the model: each waiting song's turn and place, and every screen. */
        const check = async () => {
          const snapshot = await hostQueue(event.id);
          expect(snapshot.now_playing?.song_id ?? null).toBe(playing);
          const waiting = snapshot.grouped_song_requests.filter(
            (song) => song.status === 0 && song.song_id !== playing,
          );
          // Each waiting song's turn: the best of its waiting requests' turns.
          const bySong = new Map<string, ModelRequest[]>();
          for (const request of requests.filter((r) => !r.played && r.song !== playing)) {
            bySong.set(request.song, [...(bySong.get(request.song) ?? []), request]);
          }
          const model = [...bySong.entries()]
            .map(([songId, rows]) => ({
              songId,
              turn: Math.min(...rows.map((row) => row.turn)),
              count: requests.filter((request) => request.song === songId).length,
              first: Math.min(...requests.filter((r) => r.song === songId).map((r) => r.at)),
            }))
            .sort(
              (a, b) =>
                a.turn - b.turn ||
                b.count - a.count ||
                a.first - b.first ||
                a.songId.localeCompare(b.songId),
            );
          expect(waiting.map((song) => [song.song_id, song.turn])).toEqual(
            model.map((song) => [song.songId, song.turn]),
          );
          // Nobody's second song above someone's first.
          const someonesFirst = waiting.map((song) =>
            (bySong.get(song.song_id) ?? []).some((request) => request.turn === 1),
          );
          const lastFirst = someonesFirst.lastIndexOf(true);
          const firstLater = someonesFirst.indexOf(false);
          if (firstLater !== -1) expect(lastFirst).toBeLessThan(firstLater);
          // The guests' line (ordered in SQL) agrees with the comparator's order.
          const line = await lineOf(event.id, guests[0] as SignedIn);
          expect(line?.songs.map(([songId]) => songId)).toEqual(
            waiting.slice(0, LINE_SIZE).map((song) => song.song_id),
          );
        };
        for (const [index, move] of steps.entries()) {
          const song = `itunes-${move.song}`;
          if (move.kind === 'request') {
            const guest = guests[move.guest] as SignedIn;
            const res = await sendRequest(t, guest, event.id, itunesSong(String(move.song)));
            if (res.statusCode === 201) {
              const made = requests.filter((request) => request.guest === move.guest).length;
              requests.push({ guest: move.guest, song, turn: made + 1, at: index, played: false });
            }
          } else if (move.kind === 'cancel') {
            const guest = guests[move.guest] as SignedIn;
            const res = await cancelRequest(t, guest, event.id, song);
            if (res.statusCode === 200) {
              requests = requests.filter((r) => !(r.guest === move.guest && r.song === song));
            }
          } else {
            const res = await markRequest(t, host, event.id, song, 'playing');
            if (res.statusCode === 200 && playing !== song) {
              for (const request of requests) {
                if (request.song === playing) request.played = true;
                if (request.song === song) request.played = false;
              }
              playing = song;
            }
          }
          await check();
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});

describe('the shared queue comparator', () => {
  const entry = fc.record({
    status: fc.constantFrom(0 as const, 1 as const),
    request_count: fc.integer({ min: 1, max: 5 }),
    first_requested_at: fc
      .integer({ min: 0, max: 5 })
      .map((minute) => `2026-11-28T22:0${minute}:00.000Z`),
    song_id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
    later: fc.boolean(),
    turn: fc.integer({ min: 1, max: 3 }),
    boost_cents: fc.constantFrom(0, 0, 200, 500),
  }) satisfies fc.Arbitrary<QueueOrderFields>;

  it('is a total order for each choice: the same list in any arrival order sorts alike', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (song) => song.song_id, minLength: 1 }),
        fc.constantFrom(...QUEUE_ORDERS),
        fc.constantFrom(...BOOST_ORDERS),
        fc.infiniteStream(fc.nat()),
        (songs, order, boost, randoms) => {
          const compare = (a: QueueOrderFields, b: QueueOrderFields) =>
            compareQueueEntries(a, b, order, boost);
          for (const a of songs) {
            expect(compare(a, a)).toBe(0);
            for (const b of songs) {
              if (a !== b) expect(Math.sign(compare(a, b))).toBe(-Math.sign(compare(b, a)));
              for (const c of songs) {
                if (compare(a, b) < 0 && compare(b, c) < 0) expect(compare(a, c)).toBeLessThan(0);
              }
            }
          }
          const shuffled = [...songs]
            .map((song) => ({ song, key: randoms.next().value as number }))
            .sort((x, y) => x.key - y.key)
            .map(({ song }) => song);
          expect([...shuffled].sort(compare)).toEqual([...songs].sort(compare));
        },
      ),
    );
  });
});
