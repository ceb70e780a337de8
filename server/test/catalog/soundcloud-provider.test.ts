import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  sendJson,
  sendText,
  startFakeMusicService,
  type FakeMusicService,
} from './fake-music-service.ts';
import { soundcloudSearchAnswer } from './music-service-answers.ts';
import { songSearchAs, type SongSearch } from './song-search-client.ts';

describe('song search through SoundCloud', () => {
  let soundcloud: FakeMusicService;
  let t: TestApp;
  let search: SongSearch;

  beforeAll(async () => {
    soundcloud = await startFakeMusicService();
    t = await createTestApp({
      CATALOG_PROVIDER: 'soundcloud',
      SOUNDCLOUD_BASE_URL: soundcloud.url,
      SOUNDCLOUD_CLIENT_ID: 'test-client-id',
      CATALOG_TIMEOUT_MS: '1000',
    });
    search = await songSearchAs(t);
  });
  afterAll(async () => {
    await t.close();
    await soundcloud.close();
  });
  beforeEach(() => {
    soundcloud.requests.length = 0;
    soundcloud.on('GET', '/search/tracks', (_request, response) =>
      sendJson(response, 200, soundcloudSearchAnswer),
    );
  });

  it('searches tracks with the app client_id', async () => {
    await search.songs('night drive', 12);
    const params = soundcloud.requests[0]?.url.searchParams;
    expect(params?.get('q')).toBe('night drive');
    expect(params?.get('client_id')).toBe('test-client-id');
    expect(params?.get('limit')).toBe('12');
  });

  it('answers in the spec fields with album and artwork fallbacks', async () => {
    expect(await search.songs('night drive')).toEqual([
      {
        song_id: 'soundcloud-581234567',
        song_name: 'Night Drive',
        song_artist: 'Neon Coast',
        album_name: 'Midnight Lines',
        song_image: 'https://i1.sndcdn.com/artworks-000111-abcdef-large.jpg',
        song_link: 'https://soundcloud.com/neon-coast/night-drive',
        song_duration: 215,
        year: 2019,
        explicit: false,
        provider: 'soundcloud',
      },
      {
        song_id: 'soundcloud-581234999',
        song_name: 'Late Bus',
        song_artist: 'bedroom beats',
        album_name: 'N/A',
        song_image: 'https://i1.sndcdn.com/avatars-000333-bedroom-large.jpg',
        song_link: 'https://soundcloud.com/bedroom-beats/late-bus',
        song_duration: 187,
        year: null,
        explicit: true,
        provider: 'soundcloud',
      },
    ]);
  });

  it('also reads an answer that is a bare list of tracks', async () => {
    soundcloud.on('GET', '/search/tracks', (_request, response) =>
      sendJson(response, 200, soundcloudSearchAnswer.collection),
    );
    const songs = await search.songs('night drive');
    expect(songs.map((song) => song.song_id)).toEqual([
      'soundcloud-581234567',
      'soundcloud-581234999',
    ]);
  });

  it('answers from the built-in catalog when SoundCloud fails', async () => {
    soundcloud.on('GET', '/search/tracks', (_request, response) => sendText(response, 500, ''));
    const songs = await search.songs('queen');
    expect(songs.map((song) => song.song_id)).toContain('cat-queen--bohemian-rhapsody');
    expect(songs.every((song) => song.provider === 'catalog')).toBe(true);
  });
});
