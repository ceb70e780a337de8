import { hostLandingSchema, PROFILE_MSG, userDetailsSchema } from '@floorfill/shared';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  insertEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { joinByCode } from '../requests/request-factories.ts';

/**
 * A host's public page (`/h/<id>`, what their profile link and QR open): no
 * session, only what a stranger may see. Profile ids are walkable, so the id
 * alone gives the poster's facts of their events and never a code; the key
 * the host's own link carries adds the codes, as the event's own QR would.
 */
describe('GET /api/v1/get-host-landing', () => {
  let t: TestApp;
  let host: SignedIn;
  let key: string;
  let tonight: { id: number; code: string };
  let later: { id: number; code: string };
  let ended: { id: number; code: string };

  beforeAll(async () => {
    t = await createTestApp({
      CODE_FAILURES_PER_ADDRESS: '3',
      CODE_FAILURES_BURST_PER_ADDRESS: '0',
      CHALLENGE_COST: '1',
    });
    host = await signIn(t, { name: 'Dana Host' });
    await t.ctx.db
      .updateTable('users')
      .set({
        display_name: 'DJ Dana',
        bio: 'House and disco',
        phone: '+14155552671',
        address: '7 Private Road',
        rating_sum: 9,
        rating_count: 2,
        stripe_account_id: 'acct_secret123',
        stripe_account_status: 'Active',
        social_links: JSON.stringify([
          { id: 1, social_id: 1, link: 'https://instagram.com/djdana' },
        ]),
      })
      .where('id', '=', host.id)
      .execute();
    const now = Date.now();
    tonight = await insertEvent(t, host.id, {
      name: 'Dock Party',
      address: '12 Secret Lane',
      start: new Date(now - 3600_000).toISOString(),
      end: new Date(now + 3600_000).toISOString(),
    });
    later = await insertEvent(t, host.id, { name: 'Next Friday', zip: '90210' });
    ended = await insertEvent(t, host.id, {
      name: 'Long Gone',
      start: '2020-01-01T20:00:00Z',
      end: '2020-01-02T02:00:00Z',
    });
    const own = userDetailsSchema.parse(
      (await get(t, `/api/v1/get-user-details?id=${host.id}`, host.headers)).json().data,
    );
    key = new URL(own.url).searchParams.get('k') ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  const hostLanding = (query: string, address = '10.8.0.1') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/get-host-landing?${query}`,
      remoteAddress: address,
    });

  it('gives the owner a shared link and QR to the public page that carry the key; others the id alone', async () => {
    const own = userDetailsSchema.parse(
      (await get(t, `/api/v1/get-user-details?id=${host.id}`, host.headers)).json().data,
    );
    expect(own.url).toBe(`${t.config.publicUrl}/h/${host.id}?k=${key}`);
    expect(key).toMatch(/^[\w-]{16}$/);
    expect(own.qrcode_path).toBe(`/api/qr/profiles/${host.id}.png?k=${key}`);

    const fan = await signInGuest(t);
    const seen = userDetailsSchema.parse(
      (await get(t, `/api/v1/get-user-details?id=${host.id}`, fan.headers)).json().data,
    );
    expect(seen.url).toBe(`${t.config.publicUrl}/h/${host.id}`);
    expect(JSON.stringify(seen)).not.toContain(key);
  });

  it('puts the owner’s link in the profile QR, and the id’s link in the QR without the key', async () => {
    const urlIn = async (path: string) => {
      const res = await get(t, path);
      expect(res.statusCode).toBe(200);
      const png = PNG.sync.read(res.rawPayload);
      return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    };
    expect(await urlIn(`/api/qr/profiles/${host.id}.png?k=${key}`)).toBe(
      `${t.config.publicUrl}/h/${host.id}?k=${key}`,
    );
    expect(await urlIn(`/api/qr/profiles/${host.id}.png`)).toBe(
      `${t.config.publicUrl}/h/${host.id}`,
    );
  });

  it('answers anyone by id what a stranger may see: the public face and the events’ posters, no code', async () => {
    const fan = await signIn(t, { name: 'Fanny Fan', defaultLogin: 3 });
    expect((await joinByCode(t, fan, tonight.code)).statusCode).toBe(200);

    const res = await hostLanding(`id=${host.id}`);

    expect(res.statusCode).toBe(200);
    const data = hostLandingSchema.parse(res.json().data);
    expect(data).toMatchObject({
      id: host.id,
      name: 'DJ Dana',
      bio: 'House and disco',
      rating: 4.5,
      total_review: 2,
      social_links: [
        {
          name: 'Instagram',
          link: 'https://instagram.com/djdana',
          logo: '/api/social-icons/instagram.svg',
        },
      ],
    });
    // The live one first, then the next; never one that ended.
    expect(data.events.map((event) => [event.name, event.is_live, event.code])).toEqual([
      ['Dock Party', true, ''],
      ['Next Friday', false, ''],
    ]);
    expect(data.events[0]).toMatchObject({ joined_count: 1, requests_open: true });
    // Nothing beyond the schema, and none of what only the host (or nobody) may see.
    expect(Object.keys(res.json().data).sort()).toEqual(Object.keys(data).sort());
    const text = res.body;
    for (const secret of [
      tonight.code,
      later.code,
      ended.code,
      '12 Secret Lane',
      '90210',
      '7 Private Road',
      '+14155552671',
      '@example.com',
      'acct_secret123',
      'Active',
      'Fanny Fan',
      'Dana Host',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(
      /email|phone|stripe|accepts_tips|address|zip|"id":\s*\d+,"name":"Dock/,
    );
  });

  it('adds the codes of the live and next events for the key of the owner’s link, and nothing else', async () => {
    const res = await hostLanding(`id=${host.id}&k=${key}`);

    expect(res.statusCode).toBe(200);
    const data = hostLandingSchema.parse(res.json().data);
    expect(data.events.map((event) => event.code)).toEqual([tonight.code, later.code]);
    expect(res.body).not.toContain(ended.code);
    expect(res.body).not.toContain('12 Secret Lane');
  });

  it('answers 404 for guests, unknown ids, another profile’s key and a forged one', async () => {
    const guest = await signInGuest(t);
    const other = await signIn(t, { name: 'Other Host' });
    const cases = [
      `id=${guest.id}`,
      'id=2000000000',
      `id=${other.id}&k=${key}`,
      `id=${host.id}&k=AAAAAAAAAAAAAAAA`,
    ];
    for (const [index, query] of cases.entries()) {
      const res = await hostLanding(query, `10.8.1.${index + 1}`);
      expect(res.statusCode, query).toBe(404);
      expect(res.json()).toEqual({ status: false, msg: PROFILE_MSG.notFound });
    }
    expect((await hostLanding('id=abc', '10.8.1.9')).statusCode).toBe(422);
    expect((await hostLanding(`id=${host.id}&k=not%20a%20key`, '10.8.1.9')).statusCode).toBe(422);
  });

  it('spends the address code budget on wrong ids and keys, never on right ones; past it, a challenge', async () => {
    const address = '10.8.2.1';
    for (let round = 0; round < 5; round += 1) {
      expect((await hostLanding(`id=${host.id}`, address)).statusCode).toBe(200);
      expect((await hostLanding(`id=${host.id}&k=${key}`, address)).statusCode).toBe(200);
    }
    const statuses = [];
    for (const query of ['id=2000000001', `id=${host.id}&k=BBBBBBBBBBBBBBBB`, 'id=2000000002']) {
      statuses.push((await hostLanding(query, address)).statusCode);
    }
    statuses.push((await hostLanding(`id=${host.id}`, address)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 428]);
    // The budget is the event landing's and the QR images': they ask for a challenge too.
    const landing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/get-event-landing?code=${tonight.code}`,
      remoteAddress: address,
    });
    expect(landing.statusCode).toBe(428);
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/qr/profiles/${host.id}.png?k=CCCCCCCCCCCCCCCC`,
      remoteAddress: '10.8.2.2',
    });
    expect(qr.statusCode).toBe(404);
    expect((await hostLanding(`id=${host.id}`, '10.8.2.3')).statusCode).toBe(200);
  });
});
