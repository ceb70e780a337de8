import { existsSync } from 'node:fs';
import path from 'node:path';
import { MSG, userDetailsSchema } from '@floorfill/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataUrl,
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

function profileForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    display_name: 'DJ Dana',
    name: 'Dana Host',
    bio: 'House, disco, and requests welcome.',
    date_of_birth: '1990-04-05',
    gender: 'female',
    address: '1 Main St',
    zip: '10115',
    city: 'Berlin',
    state: '',
    country: 'Germany',
    default_login: '2',
    ...overrides,
  };
}

describe('POST /api/v1/update-host-profile', () => {
  let t: TestApp;
  let member: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signIn(t, { defaultLogin: 3 });
  });
  afterAll(async () => {
    await t.close();
  });

  const update = (form: FormData, headers = member.headers) =>
    postForm(t, '/api/v1/update-host-profile', form, headers);
  const userRow = (id: number) =>
    t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const fileOf = (urlPath: string) => path.join(t.config.dataDir, urlPath);

  it('saves the fields and answers the caller’s own details', async () => {
    const before = await userRow(member.id);

    const res = await update(
      multipartForm(profileForm({ email: 'new@evil.example', phone: '+15555550100' })),
    );

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, msg: 'Profile updated successfully.' });
    const data = userDetailsSchema.parse(res.json().data);
    expect(data).toMatchObject({ id: member.id, display_name: 'DJ Dana', name: 'Dana Host' });
    expect(data.private).toMatchObject({
      email: before.email,
      phone: before.phone,
      date_of_birth: '1990-04-05',
      gender: 'female',
      city: 'Berlin',
      state: null,
      country: 'Germany',
      default_login: 2,
    });
    const after = await userRow(member.id);
    expect(after.email).toBe(before.email);
    expect(after.phone).toBe(before.phone);
  });

  it('stores a profile image (512x512) and a cover photo (1600x600) as WebP', async () => {
    const res = await update(
      multipartForm(profileForm(), {
        profile_image: pngFile(await pngImage(900, 700), 'me.png'),
        cover_photo: pngFile(await pngImage(2000, 1000), 'cover.png'),
      }),
    );

    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.profile_image_path).toMatch(/^\/uploads\/profile-images\/[0-9a-f-]{36}\.webp$/);
    expect(data.cover_photo_path).toMatch(/^\/uploads\/cover-photos\/[0-9a-f-]{36}\.webp$/);
    const avatar = await sharp((await get(t, data.profile_image_path)).rawPayload).metadata();
    expect(avatar).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const cover = await sharp((await get(t, data.cover_photo_path)).rawPayload).metadata();
    expect(cover).toMatchObject({ format: 'webp', width: 1600, height: 600 });
  });

  it('replaces an image and removes the old file; keeps the other image', async () => {
    const first = await update(
      multipartForm(profileForm(), {
        profile_image: pngFile(await pngImage(300, 300)),
        cover_photo: pngFile(await pngImage(300, 300)),
      }),
    );
    const old = first.json().data;

    const second = await update(
      multipartForm(profileForm({ profile_image: dataUrl(await pngImage(200, 200)) })),
    );

    expect(second.statusCode).toBe(200);
    const now = second.json().data;
    expect(now.profile_image_path).not.toBe(old.profile_image_path);
    expect(now.cover_photo_path).toBe(old.cover_photo_path);
    expect(existsSync(fileOf(old.profile_image_path))).toBe(false);
    expect(existsSync(fileOf(old.cover_photo_path))).toBe(true);
  });

  it('refuses a non-image cover photo and stores neither image', async () => {
    const before = await userRow(member.id);
    const res = await update(
      multipartForm(profileForm({ display_name: 'Changed?' }), {
        profile_image: pngFile(await pngImage(100, 100)),
        cover_photo: {
          data: Buffer.from('%PDF-1.4 not an image'),
          filename: 'cover.jpg',
          type: 'image/jpeg',
        },
      }),
    );

    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({
      cover_photo: ['The file must be a JPEG, PNG, WebP, GIF or AVIF image.'],
    });
    const after = await userRow(member.id);
    expect(after).toEqual(before);
  });

  it('answers an oversized image as a 422 naming its field', async () => {
    const res = await update(
      multipartForm(profileForm(), {
        profile_image: pngFile(Buffer.alloc(8 * 1024 * 1024 + 1, 3)),
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({ profile_image: ['The file may not be greater than 8 MB.'] });
  });

  it('requires display name and full name, and checks gender, date of birth and default login', async () => {
    const res = await update(
      multipartForm(
        profileForm({
          display_name: ' ',
          name: '',
          gender: 'other',
          date_of_birth: '2999-01-01',
          default_login: '4',
        }),
      ),
    );

    expect(res.statusCode).toBe(422);
    const errors = res.json().data;
    expect(errors.display_name).toEqual([MSG.fieldRequired]);
    expect(errors.name).toEqual([MSG.fieldRequired]);
    expect(Object.keys(errors).sort()).toEqual([
      'date_of_birth',
      'default_login',
      'display_name',
      'gender',
      'name',
    ]);
  });

  it('accepts JSON too', async () => {
    const res = await post(
      t,
      '/api/v1/update-host-profile',
      profileForm({ bio: 'From JSON' }),
      member.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bio).toBe('From JSON');
  });

  it('refuses an id that is not the caller (403) and changes nothing', async () => {
    const other = await signIn(t);
    const before = await userRow(other.id);

    const res = await update(
      multipartForm(profileForm({ id: String(other.id), display_name: 'Hijacked' })),
    );

    expect(res.statusCode).toBe(403);
    expect(await userRow(other.id)).toEqual(before);
    const own = await update(multipartForm(profileForm({ id: String(member.id) })));
    expect(own.statusCode).toBe(200);
  });

  it('refuses guests and anonymous callers', async () => {
    const guest = await signInGuest(t);
    const asGuest = await update(multipartForm(profileForm()), guest.headers);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().msg).toBe(MSG.pleaseRegister);
    expect((await update(multipartForm(profileForm()), {})).statusCode).toBe(401);
  });
});
