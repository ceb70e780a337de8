import { MSG, socialPlatformSchema } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signIn, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('social links', () => {
  let t: TestApp;
  let member: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (payload: Record<string, unknown>, headers = member.headers) =>
    post(t, '/api/v1/update-social-links', payload, headers);
  const storedLinks = async (id: number) =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select('social_links')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).social_links;

  describe('POST /api/v1/update-social-links', () => {
    it('drops rows with an empty link, renumbers the rest 1..n and stores them as one JSON value', async () => {
      const res = await save({
        social_links: [
          { id: 7, social_id: 1, link: 'https://instagram.com/dana' },
          { id: 8, social_id: 6, link: '' },
          { social_id: 18, link: ' https://dana.example/ ' },
        ],
      });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: true,
        msg: 'Social links updated successfully.',
        data: [
          {
            id: 1,
            social_id: 1,
            link: 'https://instagram.com/dana',
            name: 'Instagram',
            logo: '/api/social-icons/instagram.svg',
          },
          {
            id: 2,
            social_id: 18,
            link: 'https://dana.example/',
            name: 'Website',
            logo: '/api/social-icons/website.svg',
          },
        ],
      });
      expect(await storedLinks(member.id)).toEqual([
        { id: 1, social_id: 1, link: 'https://instagram.com/dana' },
        { id: 2, social_id: 18, link: 'https://dana.example/' },
      ]);
      const profile = await get(t, `/api/v1/get-user-details?id=${member.id}`, member.headers);
      expect(profile.json().data.social_links).toHaveLength(2);
    });

    it('accepts the list as JSON text, as a multipart form sends it, and an empty list', async () => {
      const res = await save({
        social_links: JSON.stringify([{ id: 1, social_id: 3, link: 'http://x.com/dana' }]),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        {
          id: 1,
          social_id: 3,
          link: 'http://x.com/dana',
          name: 'X',
          logo: '/api/social-icons/x.svg',
        },
      ]);

      const cleared = await save({ social_links: [] });
      expect(cleared.statusCode).toBe(200);
      expect(await storedLinks(member.id)).toEqual([]);
    });

    it('refuses a link that is not http(s), naming the row as sent, and stores nothing', async () => {
      await save({ social_links: [{ social_id: 1, link: 'https://instagram.com/kept' }] });

      const res = await save({
        social_links: [
          { social_id: 1, link: 'https://ok.example' },
          { social_id: 2, link: '' },
          { social_id: 2, link: 'javascript:alert(1)' },
          { social_id: 3, link: 'not a url' },
        ],
      });

      expect(res.statusCode).toBe(422);
      expect(res.json().data).toEqual({
        'social_links.2.link': ['Must be a link starting with http:// or https://'],
        'social_links.3.link': ['Must be a link starting with http:// or https://'],
      });
      expect(await storedLinks(member.id)).toEqual([
        { id: 1, social_id: 1, link: 'https://instagram.com/kept' },
      ]);
    });

    it('refuses an unknown platform', async () => {
      const res = await save({
        social_links: [
          { social_id: 1, link: 'https://ok.example' },
          { social_id: 999, link: 'https://mystery.example' },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().data).toEqual({
        'social_links.1.social_id': ['The selected platform is invalid.'],
      });
    });

    it('refuses a missing list', async () => {
      const res = await save({});
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().data)).toEqual(['social_links']);
    });

    it('refuses a user_id that is not the caller, guests and anonymous callers', async () => {
      const other = await signIn(t);
      expect((await save({ user_id: other.id, social_links: [] })).statusCode).toBe(403);
      expect((await save({ user_id: member.id, social_links: [] })).statusCode).toBe(200);
      const guest = await signInGuest(t);
      const asGuest = await save({ social_links: [] }, guest.headers);
      expect(asGuest.statusCode).toBe(403);
      expect(asGuest.json().msg).toBe(MSG.pleaseRegister);
      expect((await save({ social_links: [] }, {})).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/all-social-link-list', () => {
    it('lists the seeded platforms in order, each with its logo path and brand colour', async () => {
      const res = await get(t, '/api/v1/all-social-link-list', member.headers);

      expect(res.statusCode).toBe(200);
      const platforms = socialPlatformSchema.array().parse(res.json().data);
      expect(platforms.map((p) => p.name)).toEqual([
        'Instagram',
        'Facebook',
        'X',
        'TikTok',
        'YouTube',
        'SoundCloud',
        'Spotify',
        'Mixcloud',
        'Apple Music',
        'Beatport',
        'Bandcamp',
        'Twitch',
        'Snapchat',
        'Threads',
        'Discord',
        'WhatsApp',
        'Telegram',
        'Website',
      ]);
      expect(platforms[0]).toEqual({
        id: 1,
        name: 'Instagram',
        logo: '/api/social-icons/instagram.svg',
        color: '#FF0069',
      });
      for (const platform of platforms) expect(platform.color).toMatch(/^#[0-9A-F]{6}$/);
    });

    it('needs a session (a guest has one)', async () => {
      expect((await get(t, '/api/v1/all-social-link-list')).statusCode).toBe(401);
      const guest = await signInGuest(t);
      expect((await get(t, '/api/v1/all-social-link-list', guest.headers)).statusCode).toBe(200);
    });
  });

  describe('GET /api/social-icons/:slug.svg', () => {
    it('serves every listed platform’s logo as SVG in its brand colour with a long cache', async () => {
      const platforms = (await get(t, '/api/v1/all-social-link-list', member.headers)).json()
        .data as Array<{
        logo: string;
        color: string;
      }>;
      for (const platform of platforms) {
        const res = await get(t, platform.logo);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/svg+xml');
        expect(res.headers['cache-control']).toBe('public, max-age=2592000');
        expect(res.body.startsWith('<svg ')).toBe(true);
        expect(res.body).toContain(`fill="${platform.color}"`);
      }
    });

    it('answers 404 for a slug it does not serve', async () => {
      expect((await get(t, '/api/social-icons/linkedin.svg')).statusCode).toBe(404);
      expect((await get(t, '/api/social-icons/__proto__.svg')).statusCode).toBe(404);
    });
  });
});
