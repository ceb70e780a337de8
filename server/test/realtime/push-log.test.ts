import { randomBytes } from 'node:crypto';
import type { GroupedSongRequest } from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryPushLog,
  createRedisPushLog,
  foldPushes,
  PUSH_LOG_SEQS,
  type LoggedPush,
  type PushLog,
} from '../../src/realtime/push-log.ts';

function song(songId: string, count: number, status: 0 | 1 = 0): GroupedSongRequest {
  return {
    event_id: 1,
    song_id: songId,
    song_name: songId,
    song_artist: 'Artist',
    album_name: 'Album',
    song_image: null,
    song_link: null,
    song_duration: 200,
    status,
    request_count: count,
    first_requested_at: '2026-11-25T00:00:00.000Z',
    played_at: null,
    later: false,
    dedication_count: 0,
    turn: 1,
    boost_cents: 0,
    held: false,
    free_text: false,
  };
}

const upsert = (seq: number, entry: GroupedSongRequest, audience: 'room' | 'host' = 'host') =>
  ({
    seq,
    audience,
    name: 'request:upserted',
    push: { eventId: 1, seq, request: entry },
  }) satisfies LoggedPush;

/** A logged upsert from a write that only added a request to a waiting song. */
const recount = (seq: number, entry: GroupedSongRequest): LoggedPush => ({
  ...upsert(seq, entry),
  recount: true,
});

const STATS = { joined: 3, requests: 4 };

describe('folding logged pushes into a delta', () => {
  it('keeps each song’s newest state and its removal, and moves the seq over joins', () => {
    const entries: LoggedPush[] = [
      upsert(5, song('a', 1)),
      upsert(6, song('b', 1)),
      { seq: 7, audience: 'host', name: 'attendee:joined', push: { eventId: 1, seq: 7 } },
      upsert(8, song('a', 2)),
      {
        seq: 9,
        audience: 'host',
        name: 'request:removed',
        push: { eventId: 1, seq: 9, songId: 'b' },
      },
      upsert(10, song('c', 1)),
    ];
    expect(foldPushes(entries, 4, STATS, 'host')).toEqual({
      fromSeq: 4,
      toSeq: 10,
      upserted: [song('a', 2), song('c', 1)],
      recounted: [],
      removed: ['b'],
      stats: STATS,
    });
  });

  it('sends only the counts of a song whose every change was another request for it', () => {
    const entries: LoggedPush[] = [
      recount(5, song('a', 3)),
      upsert(6, song('b', 1)),
      recount(7, song('b', 2)),
      recount(8, song('a', 4)),
      upsert(9, song('c', 2, 1), 'room'),
      recount(10, song('c', 3)),
    ];
    const delta = foldPushes(entries, 4, STATS, 'host');
    // b is new since seq 4 and c was marked: the client needs their whole entries.
    expect(delta.upserted).toEqual([song('b', 2), song('c', 3)]);
    expect(delta.recounted).toEqual([
      { song_id: 'a', request_count: 4, dedication_count: 0, turn: 1 },
    ]);
  });

  it('gives an attendee only what the whole room heard, with the seq of every write', () => {
    const entries: LoggedPush[] = [
      upsert(5, song('a', 1)),
      upsert(6, song('a', 1, 1), 'room'),
      upsert(7, song('a', 2, 1)),
    ];
    expect(foldPushes(entries, 4, STATS, 'room')).toMatchObject({
      toSeq: 7,
      upserted: [song('a', 1, 1)],
      removed: [],
    });
  });
});

const silentLog = {
  warn: () => undefined,
} as unknown as FastifyBaseLogger;

function describeLog(
  name: string,
  make: () => Promise<{ log: PushLog; done: () => Promise<void> }>,
) {
  describe(name, () => {
    it('answers the pushes after a seq when it holds every write since, null when it does not', async () => {
      const { log, done } = await make();
      try {
        for (let seq = 3; seq <= 6; seq += 1) log.append(7, upsert(seq, song('a', seq)));
        // The Redis log writes in the next turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        expect((await log.read(7, 4, 6))?.map((entry) => entry.seq)).toEqual([5, 6]);
        expect(await log.read(7, 6, 6)).toEqual([]);
        // Seq 2 was never logged (a write that pushed nothing, or one before the log).
        expect(await log.read(7, 1, 6)).toBeNull();
        // The room is at 8, but 7 and 8 are not logged (yet): no delta proves it caught up.
        expect(await log.read(7, 4, 8)).toBeNull();
        expect(await log.read(99, 0, 1)).toBeNull();
        expect(await log.read(99, 1, 1)).toEqual([]);
      } finally {
        await done();
      }
    });

    it(`forgets an event’s writes older than its last ${PUSH_LOG_SEQS}`, async () => {
      const { log, done } = await make();
      try {
        const last = PUSH_LOG_SEQS + 10;
        for (let seq = 1; seq <= last; seq += 1) log.append(8, upsert(seq, song('a', 1)));
        await new Promise((resolve) => setImmediate(resolve));
        expect(await log.read(8, 9, last)).toBeNull();
        expect(await log.read(8, 10, last)).toHaveLength(PUSH_LOG_SEQS);
      } finally {
        await done();
      }
    });
  });
}

describeLog('the push log in memory (one node)', async () => {
  const log = createMemoryPushLog();
  return { log, done: () => log.close() };
});

const redisUrl = process.env.REDIS_URL;
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
});

if (redisUrl) {
  describeLog('the push log in Redis (shared by the nodes)', async () => {
    const redis = new Redis(redisUrl);
    clients.push(redis);
    const prefix = `ffpl:${randomBytes(4).toString('hex')}`;
    const log = createRedisPushLog(redis, prefix, silentLog);
    return {
      log,
      done: async () => {
        await log.close();
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
      },
    };
  });
} else {
  describe.skip('the push log in Redis (set REDIS_URL)', () => {
    it('needs Redis', () => undefined);
  });
}
