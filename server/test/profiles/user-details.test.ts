import { MSG, userDetailsSchema } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  insertEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/v1/get-user-details', () => {
  let t: TestApp;
  let host: SignedIn;
  let viewer: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    viewer = await signIn(t, { name: 'Vic Viewer', defaultLogin: 3 });
    await t.ctx.db
      .updateTable('users')
      .set({
        display_name: 'DJ Dana',
        bio: 'House and disco',
        phone: '+14155552671',
        city: 'Berlin',
        gender: 'female',
        date_of_birth: '1990-04-05',
        rating_sum: 9,
        rating_count: 2,
        social_links: JSON.stringify([
          { id: 1, social_id: 1, link: 'https://instagram.com/djdana' },
          { id: 2, social_id: 999, link: 'https://gone.example' },
        ]),
      })
      .where('id', '=', host.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const details = (id: number, headers: Record<string, string>, extra = '') =>
    get(t, `/api/v1/get-user-details?id=${id}${extra}`, headers);

  it('shows another member’s public profile without private fields', async () => {
    await insertEvent(t, host.id, {
      name: 'Ended',
      start: '2001-01-01T20:00:00Z',
      end: '2001-01-01T22:00:00Z',
    });
    await insertEvent(t, host.id, {
      name: 'Later',
      start: '2099-02-01T20:00:00Z',
      end: '2099-02-01T22:00:00Z',
    });
    await insertEvent(t, host.id, {
      name: 'Sooner',
      start: '2099-01-01T20:00:00Z',
      end: '2099-01-01T22:00:00Z',
    });

    const res = await details(host.id, viewer.headers);

    expect(res.statusCode).toBe(200);
    const data = userDetailsSchema.parse(res.json().data);
    expect(data).toMatchObject({
      id: host.id,
      name: 'Dana Host',
      display_name: 'DJ Dana',
      bio: 'House and disco',
      rating: 4.5,
      total_review: 2,
      is_rated: false,
      // Another viewer gets the public page by id, without the key of the owner’s own link.
      url: `http://localhost:3000/h/${host.id}`,
      qrcode_path: `/api/qr/profiles/${host.id}.png`,
      qrcode_base_path: 'http://localhost:3000',
    });
    expect(data.private).toBeUndefined();
    expect(JSON.stringify(res.json())).not.toContain('+14155552671');
    expect(data.social_links).toEqual([
      {
        id: 1,
        social_id: 1,
        link: 'https://instagram.com/djdana',
        name: 'Instagram',
        logo: '/api/social-icons/instagram.svg',
      },
    ]);
    expect(data.upcoming_events.map((e) => e.name)).toEqual(['Sooner', 'Later']);
  });

  it('shows the private fields on one’s own profile', async () => {
    const res = await details(host.id, host.headers);

    const data = userDetailsSchema.parse(res.json().data);
    expect(data.private).toEqual({
      email: expect.stringContaining('@example.com'),
      phone: '+14155552671',
      date_of_birth: '1990-04-05',
      gender: 'female',
      address: null,
      zip: null,
      city: 'Berlin',
      state: null,
      country: null,
      default_login: 2,
      stripe_account_status: null,
    });
    expect(data.is_rated).toBe(false);
  });

  it('says whether the caller has rated this host', async () => {
    await t.ctx.db
      .insertInto('ratings')
      .values({ host_id: host.id, attendee_id: viewer.id, rating: 4 })
      .execute();
    expect((await details(host.id, viewer.headers)).json().data.is_rated).toBe(true);
    const stranger = await signIn(t);
    expect((await details(host.id, stranger.headers)).json().data.is_rated).toBe(false);
  });

  it('keeps upcoming events to ten and leaves out deleted ones', async () => {
    const busy = await signIn(t);
    for (let i = 0; i < 12; i += 1) {
      await insertEvent(t, busy.id, {
        name: `E${i}`,
        start: `2099-03-${String(i + 1).padStart(2, '0')}T20:00:00Z`,
        end: `2099-03-${String(i + 1).padStart(2, '0')}T22:00:00Z`,
      });
    }
    const first = await t.ctx.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', 'E0')
      .where('host_id', '=', busy.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('events')
      .set({ deleted_at: new Date() })
      .where('id', '=', first.id)
      .execute();

    const events = (await details(busy.id, viewer.headers)).json().data.upcoming_events;
    expect(events).toHaveLength(10);
    expect(events[0].name).toBe('E1');
  });

  it('lets a guest see a host profile (the QR flow), never private fields', async () => {
    const guest = await signInGuest(t);
    const res = await details(host.id, guest.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.private).toBeUndefined();
  });

  it('answers 404 for a guest’s row and unknown ids, 401 without a session', async () => {
    const guest = await signInGuest(t);
    const guestProfile = await details(guest.id, viewer.headers);
    expect(guestProfile.statusCode).toBe(404);
    expect(guestProfile.json()).toMatchObject({ status: false, msg: 'User not found.' });
    expect((await details(2_000_000_000, viewer.headers)).statusCode).toBe(404);
    const anonymous = await details(host.id, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().msg).toBe(MSG.unauthenticated);
  });

  it('refuses an attendee_id that is not the caller', async () => {
    expect((await details(host.id, viewer.headers, `&attendee_id=${host.id}`)).statusCode).toBe(
      403,
    );
    expect((await details(host.id, viewer.headers, `&attendee_id=${viewer.id}`)).statusCode).toBe(
      200,
    );
  });

  it('requires a valid id', async () => {
    const res = await get(t, '/api/v1/get-user-details', viewer.headers);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data)).toEqual(['id']);
  });
});
