import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { EVENT_MSG, eventSummarySchema, MSG } from '@floorfill/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataUrl,
  eventForm,
  get,
  insertEvent,
  multipartForm,
  pngFile,
  pngImage,
  postForm,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('POST /api/v1/update-event', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const update = (payload: Record<string, unknown>, headers = host.headers) =>
    post(t, '/api/v1/update-event', payload, headers);
  const row = (id: number) =>
    t.ctx.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const fileOf = (urlPath: string) => path.join(t.config.dataDir, urlPath);

  async function storeWithBanner(): Promise<{ id: number; banner_path: string }> {
    const res = await postForm(
      t,
      '/api/v1/store-event',
      multipartForm(eventForm(), { banner: pngFile(await pngImage(800, 450)) }),
      host.headers,
    );
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data;
  }

  it('replaces the fields, bumps seq, keeps code and banner, and answers the summary', async () => {
    const stored = await storeWithBanner();
    const before = await row(stored.id);

    const res = await update({
      ...eventForm({ name: '  Renamed  ', city: 'Boston', zip: '', timezone: 'Europe/Berlin' }),
      id: stored.id,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, msg: EVENT_MSG.updated });
    const event = eventSummarySchema.parse(res.json().data);
    expect(event).toMatchObject({
      id: stored.id,
      name: 'Renamed',
      city: 'Boston',
      zip: null,
      timezone: 'Europe/Berlin',
      formatted_start_time: 'Sun, Nov 22, 2099, 2:00 AM',
      code: before.code,
      banner_path: stored.banner_path,
    });
    const after = await row(stored.id);
    expect(Number(after.seq)).toBe(Number(before.seq) + 1);
    expect(after.banner_path).toBe(stored.banner_path);
    expect(existsSync(fileOf(stored.banner_path))).toBe(true);
  });

  it('keeps the event’s time zone when the form leaves it out', async () => {
    const event = await insertEvent(t, host.id, { timezone: 'Asia/Tokyo' });
    const { timezone: _zone, ...form } = eventForm();

    const res = await update({ ...form, id: event.id });

    expect(res.statusCode).toBe(200);
    expect(res.json().data.timezone).toBe('Asia/Tokyo');
  });

  it('requires only name and times; address parts may be emptied', async () => {
    const event = await insertEvent(t, host.id);
    const res = await update({
      id: event.id,
      name: 'Bare',
      start_time: '2099-07-01T20:00:00Z',
      end_time: '2099-07-01T23:00:00Z',
      address: '',
    });

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      address: null,
      city: null,
      country: null,
      location: 'N/A',
    });
  });

  it('answers field errors with 422 and changes nothing', async () => {
    const event = await insertEvent(t, host.id, { name: 'Untouched' });
    const before = await row(event.id);

    const res = await update({
      id: event.id,
      name: ' ',
      start_time: '2099-07-01T20:00:00Z',
      end_time: '2099-07-01T19:00:00Z',
    });

    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({
      name: [MSG.fieldRequired],
      end_time: ['The end time must be after the start time.'],
    });
    const endFirst = await update({
      id: event.id,
      name: 'Fine',
      start_time: '2099-07-01T20:00:00Z',
      end_time: '2099-07-01T19:00:00Z',
    });
    expect(endFirst.statusCode).toBe(422);
    expect(endFirst.json().data).toEqual({
      end_time: ['The end time must be after the start time.'],
    });
    expect(await row(event.id)).toEqual(before);
  });

  it('requires the id', async () => {
    const res = await update(eventForm());
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data)).toEqual(['id']);
  });

  it('answers 404 for another host’s event and leaves its row unchanged', async () => {
    const other = await signIn(t);
    const theirs = await insertEvent(t, other.id, { name: 'Theirs' });
    const before = await row(theirs.id);

    const res = await update({ ...eventForm({ name: 'Hijacked' }), id: theirs.id });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, msg: EVENT_MSG.notFound });
    expect(await row(theirs.id)).toEqual(before);
  });

  it('answers 404 for a deleted or unknown event', async () => {
    const event = await insertEvent(t, host.id);
    await t.ctx.db
      .updateTable('events')
      .set({ deleted_at: new Date() })
      .where('id', '=', event.id)
      .execute();

    expect((await update({ ...eventForm(), id: event.id })).statusCode).toBe(404);
    expect((await update({ ...eventForm(), id: 2_000_000_000 })).statusCode).toBe(404);
  });

  it('refuses a host_id that is not the caller (403) and guests (403)', async () => {
    const event = await insertEvent(t, host.id);
    const other = await signIn(t);
    const foreign = await update({ ...eventForm(), id: event.id, host_id: other.id });
    expect(foreign.statusCode).toBe(403);

    const guest = await signInGuest(t);
    const asGuest = await update({ ...eventForm(), id: event.id }, guest.headers);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().msg).toBe(MSG.pleaseRegister);
  });

  it('replaces the banner from a base64 data URL and removes the old file', async () => {
    const stored = await storeWithBanner();

    const res = await update({
      ...eventForm(),
      id: stored.id,
      banner: dataUrl(await pngImage(640, 360)),
    });

    expect(res.statusCode).toBe(200);
    const newPath: string = res.json().data.banner_path;
    expect(newPath).toMatch(/^\/uploads\/banners\/[0-9a-f-]{36}\.webp$/);
    expect(newPath).not.toBe(stored.banner_path);
    expect(existsSync(fileOf(stored.banner_path))).toBe(false);
    const meta = await sharp((await get(t, newPath)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 360 });
  });

  it('takes a data URL larger than the JSON limit of other routes (a real photo size)', async () => {
    const event = await insertEvent(t, host.id);
    // ~1.5 MB of PNG: over the app's default 1 MB JSON body limit.
    const big = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);

    const res = await update({ ...eventForm(), id: event.id, banner: dataUrl(big) });

    expect(res.statusCode).toBe(200);
    expect(res.json().data.banner_path).toMatch(/\.webp$/);
  });

  it('replaces the banner from a multipart file', async () => {
    const stored = await storeWithBanner();
    const form = multipartForm(
      { ...eventForm(), id: String(stored.id) },
      { banner: pngFile(await pngImage(100, 100)) },
    );

    const res = await postForm(t, '/api/v1/update-event', form, host.headers);

    expect(res.statusCode).toBe(200);
    expect(res.json().data.banner_path).not.toBe(stored.banner_path);
    expect(existsSync(fileOf(stored.banner_path))).toBe(false);
  });

  it('keeps the banner when the banner field is empty', async () => {
    const stored = await storeWithBanner();
    const res = await update({ ...eventForm(), id: stored.id, banner: '' });
    expect(res.json().data.banner_path).toBe(stored.banner_path);
  });

  it('refuses a data URL that is not an image, and keeps the old banner', async () => {
    const stored = await storeWithBanner();

    const text = await update({
      ...eventForm(),
      id: stored.id,
      banner: `data:image/png;base64,${Buffer.from('hello').toString('base64')}`,
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().data).toEqual({
      banner: ['The file must be a JPEG, PNG, WebP, GIF or AVIF image.'],
    });

    const notDataUrl = await update({
      ...eventForm(),
      id: stored.id,
      banner: 'https://example.com/x.png',
    });
    expect(notDataUrl.statusCode).toBe(422);
    expect(notDataUrl.json().data.banner).toEqual([
      'Must be an image file or a data:image/...;base64 URL.',
    ]);

    expect((await row(stored.id)).banner_path).toBe(stored.banner_path);
    expect(existsSync(fileOf(stored.banner_path))).toBe(true);
  });

  it('answers an oversized data URL as a 422 on banner', async () => {
    const event = await insertEvent(t, host.id);
    const huge = `data:image/png;base64,${Buffer.alloc(9 * 1024 * 1024, 1).toString('base64')}`;

    const res = await update({ ...eventForm(), id: event.id, banner: huge });

    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({ banner: ['The file may not be greater than 8 MB.'] });
  });

  it('does not store a new banner for someone else’s event', async () => {
    const other = await signIn(t);
    const theirs = await insertEvent(t, other.id);
    const dir = path.join(t.config.dataDir, 'uploads', 'banners');
    const before = existsSync(dir) ? readdirSync(dir).sort() : [];

    const res = await update({
      ...eventForm(),
      id: theirs.id,
      banner: dataUrl(await pngImage(50, 50)),
    });

    expect(res.statusCode).toBe(404);
    expect(existsSync(dir) ? readdirSync(dir).sort() : []).toEqual(before);
  });
});
