import { EVENT_MSG } from '@floorfill/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  insertEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('QR images', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/qr/events/:code.png', () => {
    it('answers a PNG of the event link to anyone, with a short public cache', async () => {
      const event = await insertEvent(t, host.id, { code: 'HQ7K2M' });

      const res = await get(t, '/api/qr/events/HQ7K2M.png');

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 512, height: 512 });
      expect(event.id).toBeGreaterThan(0);
    });

    it('matches the code case-insensitively', async () => {
      await insertEvent(t, host.id, { code: 'PZ3WXA' });
      expect((await get(t, '/api/qr/events/pz3wxa.png')).statusCode).toBe(200);
    });

    it('offers a download named after the code with ?download=1', async () => {
      await insertEvent(t, host.id, { code: 'DL4ABC' });
      const res = await get(t, '/api/qr/events/dl4abc.png?download=1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="floorfill-event-DL4ABC.png"',
      );
    });

    it('answers 404 for unknown, malformed and deleted codes', async () => {
      const unknown = await get(t, '/api/qr/events/ZZZZZZ.png');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ status: false, msg: EVENT_MSG.notFound });
      expect((await get(t, '/api/qr/events/%25%27.png')).statusCode).toBe(404);

      const event = await insertEvent(t, host.id, { code: 'GONE22' });
      await t.ctx.db
        .updateTable('events')
        .set({ deleted_at: new Date() })
        .where('id', '=', event.id)
        .execute();
      expect((await get(t, '/api/qr/events/GONE22.png')).statusCode).toBe(404);
    });

    it('encodes a different link for a different event (the QR follows the event id)', async () => {
      const a = await insertEvent(t, host.id, { code: 'AAAA22' });
      const b = await insertEvent(t, host.id, { code: 'BBBB22' });
      const pngA = (await get(t, '/api/qr/events/AAAA22.png')).rawPayload;
      const pngB = (await get(t, '/api/qr/events/BBBB22.png')).rawPayload;
      expect(a.id).not.toBe(b.id);
      expect(pngA.equals(pngB)).toBe(false);
    });
  });

  describe('GET /api/qr/profiles/:id.png', () => {
    it('answers a PNG of the profile link with a day of cache, and a named download', async () => {
      const res = await get(t, `/api/qr/profiles/${host.id}.png`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('png');

      const download = await get(t, `/api/qr/profiles/${host.id}.png?download=1`);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="floorfill-profile-${host.id}.png"`,
      );
    });

    it('answers 404 for guests, unknown and malformed ids', async () => {
      const guest = await signInGuest(t);
      expect((await get(t, `/api/qr/profiles/${guest.id}.png`)).statusCode).toBe(404);
      expect((await get(t, '/api/qr/profiles/2000000000.png')).statusCode).toBe(404);
      expect((await get(t, '/api/qr/profiles/99999999999.png')).statusCode).toBe(404);
      expect((await get(t, '/api/qr/profiles/abc.png')).statusCode).toBe(404);
      expect((await get(t, '/api/qr/profiles/0.png')).statusCode).toBe(404);
    });
  });
});
