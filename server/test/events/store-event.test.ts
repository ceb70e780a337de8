import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { EVENT_MSG, eventSummarySchema, MSG } from '@floorfill/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CODE_ALPHABET } from '../../src/events/event-code.ts';
import {
  dataUrl,
  eventForm,
  get,
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

describe('POST /api/v1/store-event', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana' });
  });
  afterAll(async () => {
    await t.close();
  });

  const store = (form: FormData, headers = host.headers) =>
    postForm(t, '/api/v1/store-event', form, headers);
  const bannersDir = () => path.join(t.config.dataDir, 'uploads', 'banners');
  const bannerFiles = () => (existsSync(bannersDir()) ? readdirSync(bannersDir()) : []);

  it('creates the event with a fresh code and answers its summary (201)', async () => {
    const res = await store(multipartForm(eventForm()));

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: true, msg: EVENT_MSG.created });
    const event = eventSummarySchema.parse(body.data);
    expect(event).toMatchObject({
      host_id: host.id,
      name: 'Saturday Social',
      start_time: '2099-11-22T01:00:00.000Z',
      end_time: '2099-11-22T06:00:00.000Z',
      timezone: 'America/New_York',
      formatted_start_time: 'Sat, Nov 21, 2099, 8:00 PM',
      formatted_end_time: 'Sun, Nov 22, 2099, 1:00 AM',
      start_date_month: 'NOV',
      start_day: '21',
      location: '12 Dock Road, New York, NY, 10001, United States',
      banner_path: null,
      banner_base_path: 'http://localhost:3000',
      url: `http://localhost:3000/e/${event.code}?k=${t.app.services.events.passes.keyOf(event.code)}`,
      qrcode_path: `/api/qr/events/${event.code}.png`,
      qrcode_base_path: 'http://localhost:3000',
      enrolled_users_count: 0,
      song_requests_count: 0,
      is_live: false,
      has_ended: false,
    });
    expect(event.code).toMatch(new RegExp(`^[${EVENT_CODE_ALPHABET}]{6}$`));
    expect(event.event_code).toBe(event.code);
    const row = await t.ctx.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ host_id: host.id, code: event.code, seq: '0', deleted_at: null });
  });

  it('accepts JSON as well as multipart, and defaults the time zone to UTC', async () => {
    const { timezone: _zone, ...form } = eventForm({
      start_time: '2099-01-01T10:00:00Z',
      end_time: '2099-01-01T12:00:00Z',
    });
    const res = await post(t, '/api/v1/store-event', form, host.headers);

    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      timezone: 'UTC',
      formatted_start_time: 'Thu, Jan 1, 2099, 10:00 AM',
    });
  });

  it('leaves empty optional address parts out of the location', async () => {
    const res = await store(multipartForm(eventForm({ zip: '', state: '  ' })));

    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      zip: null,
      state: null,
      location: '12 Dock Road, New York, United States',
    });
  });

  it('says "This field is required" for a missing or blank name and other required fields', async () => {
    const res = await store(multipartForm(eventForm({ name: '   ', city: '' })));

    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.data.name).toEqual([MSG.fieldRequired]);
    expect(body.errors.city).toEqual([MSG.fieldRequired]);

    const { name: _name, ...withoutName } = eventForm();
    const missing = await store(multipartForm(withoutName));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data.name).toEqual([MSG.fieldRequired]);
  });

  it('refuses dates that are not dates, and an end before the start', async () => {
    const bad = await store(multipartForm(eventForm({ start_time: 'tomorrow', end_time: '' })));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.start_time).toEqual(['Must be a valid date and time.']);
    expect(bad.json().data.end_time).toEqual([MSG.fieldRequired]);

    const reversed = await store(
      multipartForm(
        eventForm({ start_time: '2099-05-01T22:00:00Z', end_time: '2099-05-01T21:00:00Z' }),
      ),
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().data.end_time).toEqual(['The end time must be after the start time.']);
  });

  it('refuses an unknown time zone', async () => {
    const res = await store(multipartForm(eventForm({ timezone: 'Mars/Olympus_Mons' })));

    expect(res.statusCode).toBe(422);
    expect(res.json().data.timezone).toEqual([
      'Must be a valid IANA time zone, such as Europe/Berlin.',
    ]);
  });

  it('refuses a host_id other than the caller (403) and creates nothing', async () => {
    const other = await signIn(t);
    const before = await t.ctx.db
      .selectFrom('events')
      .select('id')
      .where('host_id', '=', other.id)
      .execute();

    const res = await store(multipartForm(eventForm({ host_id: String(other.id) })));

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: false, msg: MSG.forbidden });
    const after = await t.ctx.db
      .selectFrom('events')
      .select('id')
      .where('host_id', '=', other.id)
      .execute();
    expect(after).toEqual(before);
  });

  it('accepts the caller’s own host_id', async () => {
    const res = await store(multipartForm(eventForm({ host_id: String(host.id) })));
    expect(res.statusCode).toBe(201);
  });

  it('refuses guests (403) and anonymous callers (401)', async () => {
    const guest = await signInGuest(t);
    const asGuest = await store(multipartForm(eventForm()), guest.headers);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json()).toMatchObject({ status: false, msg: MSG.pleaseRegister });

    const anonymous = await store(multipartForm(eventForm()), {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: false, msg: MSG.unauthenticated });
  });

  it('stores an uploaded banner re-encoded as WebP within 1600x900 and serves it with a long cache', async () => {
    const png = await pngImage(2400, 1200);
    const res = await store(multipartForm(eventForm(), { banner: pngFile(png) }));

    expect(res.statusCode).toBe(201);
    const bannerPath: string = res.json().data.banner_path;
    expect(bannerPath).toMatch(/^\/uploads\/banners\/[0-9a-f-]{36}\.webp$/);

    const served = await get(t, bannerPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(bannerFiles().filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('takes a banner as a base64 data URL too', async () => {
    const res = await store(
      multipartForm(eventForm({ banner: dataUrl(await pngImage(300, 200)) })),
    );

    expect(res.statusCode).toBe(201);
    const meta = await sharp((await get(t, res.json().data.banner_path)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('refuses a text file named .png (422 on banner) and stores nothing', async () => {
    const before = bannerFiles();
    const fake = {
      data: Buffer.from('just some text, not an image'),
      filename: 'banner.png',
      type: 'image/png',
    };

    const res = await store(multipartForm(eventForm({ name: 'Fake banner' }), { banner: fake }));

    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({
      banner: ['The file must be a JPEG, PNG, WebP, GIF or AVIF image.'],
    });
    expect(bannerFiles()).toEqual(before);
    const created = await t.ctx.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', 'Fake banner')
      .execute();
    expect(created).toEqual([]);
  });

  it('refuses a truncated image', async () => {
    const png = await pngImage(400, 400);
    const res = await store(
      multipartForm(eventForm(), { banner: pngFile(png.subarray(0, png.length / 2)) }),
    );

    expect(res.statusCode).toBe(422);
    expect(res.json().data.banner).toEqual([
      'The file must be a JPEG, PNG, WebP, GIF or AVIF image.',
    ]);
  });

  it('refuses an image type we do not take (SVG), whatever its name says', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const res = await store(
      multipartForm(eventForm(), { banner: { data: svg, filename: 'x.png', type: 'image/png' } }),
    );

    expect(res.statusCode).toBe(422);
    expect(res.json().data.banner).toEqual([
      'The file must be a JPEG, PNG, WebP, GIF or AVIF image.',
    ]);
  });

  it('answers an oversized file as a 422 naming the field, not a bare 413', async () => {
    const huge = Buffer.alloc(8 * 1024 * 1024 + 10, 7);
    const res = await store(multipartForm(eventForm(), { banner: pngFile(huge) }));

    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: false,
      data: { banner: ['The file may not be greater than 8 MB.'] },
    });
  });
});
