import { DEFAULT_ARTWORK_HOSTS, isAllowedArtwork, sendSongRequestData } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { itunesSong, joined, sendRequest, signInMany } from '../requests/request-factories.ts';

/**
 * Artwork every phone in the room loads: only from the catalogs' image hosts,
 * never an address a guest made up (a tracking pixel), and the page's
 * Content-Security-Policy allows images from exactly those hosts.
 */
describe('song artwork', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('knows the catalogs’ hosts and nothing else', () => {
    const hosts = DEFAULT_ARTWORK_HOSTS;
    expect(isAllowedArtwork('https://is1-ssl.mzstatic.com/image/x.jpg', hosts)).toBe(true);
    expect(isAllowedArtwork('https://i.scdn.co/image/abc', hosts)).toBe(true);
    expect(isAllowedArtwork('https://i1.sndcdn.com/artworks-1-large.jpg', hosts)).toBe(true);
    for (const url of [
      'http://is1-ssl.mzstatic.com/x.jpg',
      'https://mzstatic.com.evil.example/x.jpg',
      'https://evilmzstatic.com/x.jpg',
      'https://i.scdn.co:8443/x',
      'https://user:pw@i.scdn.co/x',
      'https://tracker.example/pixel.gif',
      'not a url',
    ]) {
      expect(isAllowedArtwork(url, hosts), url).toBe(false);
    }
  });

  it('keeps catalog artwork on a request and drops any other address', async () => {
    const event = await insertEvent(t, host.id);
    const [fan] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, fan, event.code);
    const tracked = await sendRequest(
      t,
      fan,
      event.id,
      itunesSong('px', { song_image: 'https://tracker.example/pixel.gif?who=fan' }),
    );
    expect(tracked.statusCode).toBe(201);
    expect(sendSongRequestData.parse(tracked.json().data).song_request.song_image).toBeNull();
    const art = 'https://is1-ssl.mzstatic.com/image/thumb/Music/x/100x100bb.jpg';
    const real = await sendRequest(t, fan, event.id, itunesSong('ok', { song_image: art }));
    expect(sendSongRequestData.parse(real.json().data).song_request.song_image).toBe(art);
  });

  it('lets pages load images from itself and those hosts only', async () => {
    const res = await get(t, '/api/v1/get-all-social-link-list');
    const csp = String(res.headers['content-security-policy']);
    const imgSrc = /img-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(imgSrc.sort()).toEqual(
      ["'self'", 'data:', 'blob:', ...DEFAULT_ARTWORK_HOSTS.map((h) => `https://${h}`)].sort(),
    );
  });
});
