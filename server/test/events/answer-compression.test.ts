import { hostEventDetailsSchema } from '@floorfill/shared';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  insertAttendee,
  insertEvent,
  insertSongRequest,
  joinEvent,
  signIn,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * API answers of 4 KB or more are compressed when the client takes it
 * (brotli first, the cheaper to make; gzip for a client without brotli), so a
 * busy event's snapshot crosses the venue's Wi-Fi at a sixth of its size;
 * small answers and clients that ask for nothing get plain JSON; request
 * bodies are never inflated.
 */
describe('compressed API answers', () => {
  let t: TestApp;
  let host: SignedIn;
  let eventId: number;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    const event = await insertEvent(t, host.id, { name: 'Busy night' });
    eventId = event.id;
    const guest = await insertAttendee(t, 'Ann Full');
    await joinEvent(t, eventId, guest.id);
    for (let song = 0; song < 60; song += 1) {
      await insertSongRequest(t, { eventId, attendeeId: guest.id, songId: `song-${song}` });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = (acceptEncoding?: string) =>
    get(t, `/api/v1/get-event-details?id=${eventId}`, {
      ...host.headers,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    });

  it('sends the host snapshot in brotli to a browser, the same answer as plain JSON', async () => {
    const plain = await snapshot();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const plainBody = plain.rawPayload;
    expect(hostEventDetailsSchema.parse(plain.json().data).grouped_song_requests).toHaveLength(60);

    const browser = await snapshot('gzip, deflate, br, zstd');
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    expect(browser.rawPayload.length).toBeLessThan(plainBody.length / 4);
    const inflated = JSON.parse(brotliDecompressSync(browser.rawPayload).toString('utf8'));
    expect(inflated).toEqual(plain.json());
  });

  it('sends gzip to a client without brotli, plain JSON to one that takes neither', async () => {
    const gzipped = await snapshot('gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8')).data.id).toBe(eventId);

    const identity = await snapshot('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().data.id).toBe(eventId);
  });

  it('sends an answer under 4 KB as it is', async () => {
    const session = await get(t, '/api/auth/session', {
      ...host.headers,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(session.statusCode).toBe(200);
    expect(session.rawPayload.length).toBeLessThan(4096);
    expect(session.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body: it is refused and changes nothing', async () => {
    const settings = () =>
      get(t, `/api/v1/get-event-details?id=${eventId}`, host.headers).then(
        (res) => hostEventDetailsSchema.parse(res.json().data).request_settings,
      );
    const before = await settings();
    expect(before.requests_open).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/update-request-settings',
      headers: {
        ...host.headers,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ event_id: eventId, requests_open: false })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ status: false });
    expect(await settings()).toEqual(before);
  });
});
