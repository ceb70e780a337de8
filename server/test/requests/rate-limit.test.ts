import { once } from 'node:events';
import { MSG } from '@floorfill/shared';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventSeq, itunesSong, joined, sendRequest, signIn } from './request-factories.ts';

const LIMIT = 3;

describe('rate limit on POST /api/v1/send-song-request', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ SONG_REQUEST_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function eventWithFans(count: number) {
    const event = await insertEvent(t, host.id);
    const fans: SignedIn[] = [];
    for (let index = 0; index < count; index += 1) {
      const fan = await signIn(t, { defaultLogin: 3 });
      await joined(t, fan, event.code);
      fans.push(fan);
    }
    return { event, fans };
  }

  const requestedSongIds = async (eventId: number, attendeeId: number) =>
    (
      await t.ctx.db
        .selectFrom('song_requests')
        .select('song_id')
        .where('event_id', '=', eventId)
        .where('attendee_id', '=', attendeeId)
        .orderBy('song_id')
        .execute()
    ).map((row) => row.song_id);

  it(`answers 429 in the envelope on the request after ${LIMIT} in a minute, and stores nothing`, async () => {
    const { event, fans } = await eventWithFans(1);
    const [fan] = fans as [SignedIn];
    for (let index = 1; index <= LIMIT; index += 1) {
      expect((await sendRequest(t, fan, event.id, itunesSong(`ok-${index}`))).statusCode).toBe(201);
    }
    const seqBefore = await eventSeq(t, event.id);

    const res = await sendRequest(t, fan, event.id, itunesSong('one-too-many'));

    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: false, msg: MSG.tooManyRequests });
    expect(res.json().data.retry_after_seconds).toBeGreaterThan(0);
    expect(res.json().data.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(await requestedSongIds(event.id, fan.id)).toEqual([
      'itunes-ok-1',
      'itunes-ok-2',
      'itunes-ok-3',
    ]);
    expect(await eventSeq(t, event.id)).toBe(seqBefore);
  });

  it('counts per user: another attendee of the same event, from the same address, is unaffected', async () => {
    const { event, fans } = await eventWithFans(2);
    const [flooder, neighbour] = fans as [SignedIn, SignedIn];
    for (let index = 0; index <= LIMIT; index += 1) {
      await sendRequest(t, flooder, event.id, itunesSong(`flood-${index}`));
    }
    expect((await sendRequest(t, flooder, event.id, itunesSong('flood-x'))).statusCode).toBe(429);

    const res = await sendRequest(t, neighbour, event.id, itunesSong('mine'));

    expect(res.statusCode).toBe(201);
    expect(await requestedSongIds(event.id, neighbour.id)).toEqual(['itunes-mine']);
  });

  it('counts repeats and malformed tries too', async () => {
    const { event, fans } = await eventWithFans(1);
    const [fan] = fans as [SignedIn];
    expect((await sendRequest(t, fan, event.id, itunesSong('same'))).statusCode).toBe(201);
    expect((await sendRequest(t, fan, event.id, itunesSong('same'))).statusCode).toBe(200);
    expect((await sendRequest(t, fan, event.id, { song_id: '' })).statusCode).toBe(422);

    expect((await sendRequest(t, fan, event.id, itunesSong('new'))).statusCode).toBe(429);
    expect(await requestedSongIds(event.id, fan.id)).toEqual(['itunes-same']);
  });

  it('counts calls without a session per address, apart from signed-in users', async () => {
    const { event, fans } = await eventWithFans(1);
    const [fan] = fans as [SignedIn];
    const anonymous = () =>
      post(t, '/api/v1/send-song-request', { event_id: event.id, ...itunesSong('anon') });
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await anonymous()).statusCode).toBe(401);
    }
    expect((await anonymous()).statusCode).toBe(429);

    expect((await sendRequest(t, fan, event.id, itunesSong('signed-in'))).statusCode).toBe(201);
  });
});

describe.runIf(process.env.REDIS_URL)('send-song-request while Redis is unreachable', () => {
  let t: TestApp;
  let fan: SignedIn;
  let eventId: number;
  beforeAll(async () => {
    t = await createTestApp({ SONG_REQUEST_RATE_LIMIT_PER_MINUTE: '1' });
    const host = await signIn(t);
    const event = await insertEvent(t, host.id);
    eventId = event.id;
    fan = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);
  });
  afterAll(async () => {
    const redis = t.ctx.redis;
    if (redis && redis.status !== 'ready') await once(redis, 'ready');
    await t.close();
  });

  function counters(): Redis {
    if (!t.ctx.redis) throw new Error('no Redis');
    return t.ctx.redis;
  }

  it('goes unlimited while reconnecting, rather than waiting for the counters', async () => {
    expect((await sendRequest(t, fan, eventId, itunesSong('before'))).statusCode).toBe(201);
    expect((await sendRequest(t, fan, eventId, itunesSong('limited'))).statusCode).toBe(429);

    const reconnecting = once(counters(), 'reconnecting');
    counters().disconnect(true);
    await reconnecting;
    const during = await sendRequest(t, fan, eventId, itunesSong('during-outage'));

    expect(during.statusCode, during.body).toBe(201);
    await once(counters(), 'ready');
    expect((await sendRequest(t, fan, eventId, itunesSong('after'))).statusCode).toBe(429);
  });
});

describe('send-song-request with the rate limit off', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it('takes any number of requests from one user when the limit is 0 (load tests)', async () => {
    t = await createTestApp({ SONG_REQUEST_RATE_LIMIT_PER_MINUTE: '0' });
    const host = await signIn(t);
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);
    const count = 35; // above the default of 30 a minute

    for (let index = 0; index < count; index += 1) {
      const res = await sendRequest(t, fan, event.id, itunesSong(`bulk-${index}`));
      expect(res.statusCode, res.body).toBe(201);
    }
    const row = await t.ctx.db
      .selectFrom('song_requests')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('attendee_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(count);
  });
});
