import type { CatalogSong } from '@floorfill/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { sendJson, startFakeMusicService, type FakeMusicService } from './fake-music-service.ts';
import { spotifySearchAnswer, spotifyTokenAnswer } from './music-service-answers.ts';
import { songSearchAs, type SongSearch } from './song-search-client.ts';

describe('song search through Spotify', () => {
  let spotify: FakeMusicService;
  let t: TestApp;
  let search: SongSearch;
  let tokensIssued: number;

  const tokenRequests = () =>
    spotify.requests.filter((request) => request.url.pathname === '/api/token');
  const searchRequests = () =>
    spotify.requests.filter((request) => request.url.pathname === '/v1/search');

  function issueTokens() {
    spotify.on('POST', '/api/token', (_request, response) => {
      tokensIssued += 1;
      sendJson(response, 200, { ...spotifyTokenAnswer, access_token: `token-${tokensIssued}` });
    });
  }

  // One fake plays both hosts: the accounts service and the Web API.
  const spotifyEnv = () => ({
    CATALOG_PROVIDER: 'spotify',
    SPOTIFY_CLIENT_ID: 'test-id',
    SPOTIFY_CLIENT_SECRET: 'test-secret',
    SPOTIFY_ACCOUNTS_BASE_URL: spotify.url,
    SPOTIFY_API_BASE_URL: spotify.url,
    CATALOG_TIMEOUT_MS: '1000',
  });

  beforeAll(async () => {
    spotify = await startFakeMusicService();
    t = await createTestApp(spotifyEnv());
    search = await songSearchAs(t);
  });
  afterAll(async () => {
    await t.close();
    await spotify.close();
  });
  beforeEach(() => {
    spotify.requests.length = 0;
    tokensIssued = 0;
    issueTokens();
    spotify.on('GET', '/v1/search', (_request, response) =>
      sendJson(response, 200, spotifySearchAnswer),
    );
  });

  /** A fresh app holds no token yet, so a test sees every token request it causes. */
  async function withFreshApp(run: (fresh: SongSearch) => Promise<void>): Promise<void> {
    const fresh = await createTestApp(spotifyEnv());
    try {
      await run(await songSearchAs(fresh));
    } finally {
      await fresh.close();
    }
  }

  it('gets a client-credentials token and searches tracks with it', async () => {
    await withFreshApp((fresh) => fresh.songs('under pressure', 9).then(() => undefined));
    const [token] = tokenRequests();
    expect(token?.method).toBe('POST');
    expect(token?.headers.authorization).toBe(
      `Basic ${Buffer.from('test-id:test-secret').toString('base64')}`,
    );
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(token?.body).get('grant_type')).toBe('client_credentials');

    const [query] = searchRequests();
    expect(query?.headers.authorization).toBe('Bearer token-1');
    expect(query?.url.searchParams.get('q')).toBe('under pressure');
    expect(query?.url.searchParams.get('type')).toBe('track');
    expect(query?.url.searchParams.get('limit')).toBe('9');
  });

  it('reuses one token for many searches', async () => {
    await withFreshApp(async (fresh) => {
      await fresh.songs('under pressure');
      await fresh.songs('bohemian rhapsody');
      await fresh.songs('killer queen');
    });
    expect(tokenRequests()).toHaveLength(1);
    expect(searchRequests().map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-1',
    ]);
  });

  it('gets a new token once when Spotify refuses the current one', async () => {
    let refusals = 0;
    spotify.on('GET', '/v1/search', (_request, response) => {
      if (refusals === 0) {
        refusals += 1;
        return sendJson(response, 401, {
          error: { status: 401, message: 'The access token expired' },
        });
      }
      sendJson(response, 200, spotifySearchAnswer);
    });
    let songs: CatalogSong[] = [];
    await withFreshApp(async (fresh) => {
      songs = await fresh.songs('under pressure');
    });
    expect(refusals).toBe(1);
    expect(tokenRequests()).toHaveLength(2);
    expect(searchRequests().map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    expect(songs[0]?.provider).toBe('spotify');
  });

  it('answers in the spec fields: all artists, the largest image, the album year', async () => {
    expect(await search.songs('under pressure')).toEqual([
      {
        song_id: 'spotify-11IzgL',
        song_name: 'Under Pressure - Remastered 2011',
        song_artist: 'Queen, David Bowie',
        album_name: 'Hot Space (2011 Remaster)',
        song_image: 'https://i.scdn.co/image/hot-space-640',
        song_link: 'https://open.spotify.com/track/11IzgL',
        song_duration: 248,
        year: 1982,
        explicit: false,
        provider: 'spotify',
      },
      {
        song_id: 'spotify-22AbcD',
        song_name: 'Under Pressure',
        song_artist: 'Tribute Band',
        album_name: 'N/A',
        song_image: null,
        song_link: 'https://open.spotify.com/track/22AbcD',
        song_duration: 241,
        year: 1981,
        explicit: true,
        provider: 'spotify',
      },
    ]);
  });

  it('answers from the built-in catalog when the token is refused', async () => {
    spotify.on('POST', '/api/token', (_request, response) =>
      sendJson(response, 400, {
        error: 'invalid_client',
        error_description: 'Invalid client secret',
      }),
    );
    spotify.on('GET', '/v1/search', (_request, response) =>
      sendJson(response, 401, { error: { status: 401, message: 'Invalid access token' } }),
    );
    const songs = await search.songs('under pressure');
    expect(songs.map((song) => song.song_id)).toContain(
      'cat-queen-and-david-bowie--under-pressure',
    );
    expect(songs.every((song) => song.provider === 'catalog')).toBe(true);
  });

  it('answers from the built-in catalog when the search fails', async () => {
    spotify.on('GET', '/v1/search', (_request, response) =>
      sendJson(response, 503, { error: { status: 503, message: 'Service unavailable' } }),
    );
    const songs = await search.songs('under pressure');
    expect(songs.map((song) => song.song_id)).toContain(
      'cat-queen-and-david-bowie--under-pressure',
    );
  });
});
