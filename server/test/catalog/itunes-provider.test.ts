import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogService, type CatalogService } from '../../src/catalog/catalog.service.ts';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/infra/logger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  hang,
  sendJson,
  sendText,
  startFakeMusicService,
  type FakeMusicService,
} from './fake-music-service.ts';
import { itunesSearchAnswer } from './music-service-answers.ts';
import { songSearchAs, type SongSearch } from './song-search-client.ts';

describe('song search through iTunes', () => {
  let itunes: FakeMusicService;
  let t: TestApp;
  let search: SongSearch;

  beforeAll(async () => {
    itunes = await startFakeMusicService();
    t = await createTestApp({
      CATALOG_PROVIDER: 'itunes',
      ITUNES_BASE_URL: itunes.url,
      CATALOG_TIMEOUT_MS: '1000',
      // Every test here asks iTunes afresh; the window after a failure has its own tests below.
      CATALOG_FALLBACK_SECONDS: '0',
    });
    search = await songSearchAs(t);
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

  it('asks for songs matching the term, as many as the limit', async () => {
    await search.songs('bohemian rhapsody', 7);
    expect(itunes.requests).toHaveLength(1);
    const params = itunes.requests[0]?.url.searchParams;
    expect(params?.get('term')).toBe('bohemian rhapsody');
    expect(params?.get('media')).toBe('music');
    expect(params?.get('entity')).toBe('song');
    expect(params?.get('limit')).toBe('7');
  });

  it('answers each song once in the spec fields, without non-songs', async () => {
    expect(await search.songs('bohemian rhapsody')).toEqual([
      {
        song_id: 'itunes-1440650711',
        song_name: 'Bohemian Rhapsody',
        song_artist: 'Queen',
        album_name: 'A Night at the Opera (2011 Remaster)',
        song_image: 'https://is1-ssl.mzstatic.com/image/thumb/Music/queen/100x100bb.jpg',
        song_link:
          'https://music.apple.com/us/album/bohemian-rhapsody/1440650428?i=1440650711&uo=4',
        song_duration: 355,
        year: 1975,
        explicit: false,
        provider: 'itunes',
      },
      {
        song_id: 'itunes-1440650999',
        song_name: 'Bohemian Rhapsody (Live Aid)',
        song_artist: 'Queen',
        album_name: 'N/A',
        song_image: null,
        song_link: 'https://music.apple.com/us/song/1440650999',
        song_duration: 150,
        year: 1985,
        explicit: true,
        provider: 'itunes',
      },
    ]);
  });

  it('caps the answer at the limit even when the service sends more', async () => {
    expect(await search.songs('bohemian rhapsody', 1)).toHaveLength(1);
  });

  it('passes on an empty answer instead of falling back', async () => {
    itunes.on('GET', '/search', (_request, response) =>
      sendJson(response, 200, { resultCount: 0, results: [] }),
    );
    expect(await search.songs('bohemian rhapsody')).toEqual([]);
  });

  it('answers from the built-in catalog when iTunes fails with a 500', async () => {
    itunes.on('GET', '/search', (_request, response) =>
      sendText(response, 500, 'Internal Server Error'),
    );
    const songs = await search.songs('bohemian rhapsody');
    expect(itunes.requests).toHaveLength(1);
    expect(songs.map((song) => song.song_id)).toContain('cat-queen--bohemian-rhapsody');
    expect(songs.every((song) => song.provider === 'catalog')).toBe(true);
  });

  it('answers from the built-in catalog when iTunes is slower than the timeout', async () => {
    itunes.on('GET', '/search', hang);
    const songs = await search.songs('bohemian rhapsody');
    expect(itunes.requests).toHaveLength(1);
    expect(songs.map((song) => song.song_id)).toContain('cat-queen--bohemian-rhapsody');
    expect(songs.every((song) => song.provider === 'catalog')).toBe(true);
  });

  it('answers from the built-in catalog when iTunes sends broken JSON', async () => {
    itunes.on('GET', '/search', (_request, response) =>
      sendText(response, 200, '{"resultCount": 1, "results": [{'),
    );
    const songs = await search.songs('dancing queen');
    expect(songs.map((song) => song.song_id)).toContain('cat-abba--dancing-queen');
  });

  it('answers from the built-in catalog when iTunes sends JSON of another shape', async () => {
    itunes.on('GET', '/search', (_request, response) =>
      sendJson(response, 200, { errorMessage: 'Invalid value(s) for key(s): [term]' }),
    );
    const songs = await search.songs('dancing queen');
    expect(songs.map((song) => song.song_id)).toContain('cat-abba--dancing-queen');
  });
});

describe('after iTunes failed, the built-in catalog answers for a while without asking it', () => {
  let itunes: FakeMusicService;
  let t: TestApp;
  let clock = 0;
  let catalog: CatalogService;
  const log = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  const providers = async (term: string) =>
    new Set((await catalog.search(term, 5, log)).map((song) => song.provider));

  beforeAll(async () => {
    itunes = await startFakeMusicService();
    t = await createTestApp();
    catalog = createCatalogService(
      t.ctx.db,
      { ...t.ctx.config.catalog, provider: 'itunes', itunes: { baseUrl: itunes.url } },
      () => clock,
    );
  });
  afterAll(async () => {
    await t.close();
    await itunes.close();
  });

  it('skips iTunes for the window after a failure, then asks it again', async () => {
    itunes.on('GET', '/search', (_request, response) => sendText(response, 503, 'Unavailable'));
    expect(await providers('bohemian rhapsody')).toEqual(new Set(['catalog']));
    expect(itunes.requests).toHaveLength(1);

    // iTunes is back, but within the window the built-in catalog answers without asking.
    itunes.on('GET', '/search', (_request, response) =>
      sendJson(response, 200, itunesSearchAnswer),
    );
    clock += 59_000;
    expect(await providers('bohemian rhapsody')).toEqual(new Set(['catalog']));
    expect(itunes.requests).toHaveLength(1);

    clock += 1_000;
    expect(await providers('bohemian rhapsody')).toEqual(new Set(['itunes']));
    expect(itunes.requests).toHaveLength(2);
  });

  it('never closes the door while iTunes answers, empty answers included', async () => {
    itunes.requests.length = 0;
    itunes.on('GET', '/search', (_request, response) =>
      sendJson(response, 200, { resultCount: 0, results: [] }),
    );
    expect(await catalog.search('nothing matches this', 5, log)).toEqual([]);
    expect(await catalog.search('nothing matches this', 5, log)).toEqual([]);
    expect(itunes.requests).toHaveLength(2);
  });
});
