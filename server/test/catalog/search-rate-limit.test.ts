import { MSG } from '@floorfill/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { sendJson, startFakeMusicService, type FakeMusicService } from './fake-music-service.ts';
import { itunesSearchAnswer } from './music-service-answers.ts';
import { songSearchAs } from './song-search-client.ts';

const LIMIT = 3;

describe('rate limit on GET /api/v1/get-search-song-list', () => {
  let itunes: FakeMusicService;
  let t: TestApp;

  beforeAll(async () => {
    itunes = await startFakeMusicService();
    t = await createTestApp({
      CATALOG_PROVIDER: 'itunes',
      ITUNES_BASE_URL: itunes.url,
      SONG_SEARCH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    });
  });
  afterAll(async () => {
    await t.close();
    await itunes.close();
  });
  beforeEach(() => {
    itunes.requests.length = 0;
    itunes.on('GET', '/search', (_request, response) =>
      sendJson(response, 200, itunesSearchAnswer),
    );
  });

  it(`answers 429 in the envelope on the search after ${LIMIT} in a minute, without asking the music service`, async () => {
    const search = await songSearchAs(t);
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await search(`queen ${index}`)).statusCode).toBe(200);
    }

    const res = await search('queen again');

    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: false, msg: MSG.tooManyRequests });
    expect(res.json().data.retry_after_seconds).toBeGreaterThan(0);
    expect(res.json().data.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(itunes.requests).toHaveLength(LIMIT);
  });

  it('counts per user: another attendee is unaffected', async () => {
    const flooder = await songSearchAs(t);
    for (let index = 0; index <= LIMIT; index += 1) await flooder(`abba ${index}`);
    expect((await flooder('abba once more')).statusCode).toBe(429);

    const other = await songSearchAs(t);
    expect((await other('abba')).statusCode).toBe(200);
  });

  it('counts malformed searches too', async () => {
    const search = await songSearchAs(t);
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await search('')).statusCode).toBe(422);
    }
    expect((await search('queen')).statusCode).toBe(429);
    expect(itunes.requests).toHaveLength(0);
  });

  it('answers 401, not 429, without a session, and does not count it', async () => {
    const anonymous = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/get-search-song-list?q=queen' });
    for (let index = 0; index <= LIMIT; index += 1) {
      expect((await anonymous()).statusCode).toBe(401);
    }
  });
});

describe('song search with the rate limit off', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it('answers any number of searches from one user when the limit is 0 (load tests)', async () => {
    t = await createTestApp({ SONG_SEARCH_RATE_LIMIT_PER_MINUTE: '0' });
    const search = await songSearchAs(t);
    const count = 125; // above the default of 120 a minute

    const statuses = new Set<number>();
    for (let index = 0; index < count; index += 1) {
      statuses.add((await search(`queen ${index % 10}`)).statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});
