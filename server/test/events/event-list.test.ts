import { EVENT_LIST_MAX_PER_PAGE, eventSummarySchema, MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountEventQueue } from '../../src/live-queue/queue-event.repository.ts';
import {
  get,
  insertEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/v1/get-event-list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (host: SignedIn, query = '') =>
    get(t, `/api/v1/get-event-list${query}`, host.headers);
  const names = (res: { json(): { data: Array<{ name: string }> } }) =>
    res.json().data.map((e) => e.name);

  it('lists only the caller’s live events, with pagination beside data', async () => {
    const host = await signIn(t);
    const other = await signIn(t);
    await insertEvent(t, host.id, {
      name: 'Mine',
      start: '2099-01-01T20:00:00Z',
      end: '2099-01-01T23:00:00Z',
    });
    await insertEvent(t, other.id, { name: 'Theirs' });
    const deleted = await insertEvent(t, host.id, { name: 'Deleted' });
    await t.ctx.db
      .updateTable('events')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted.id)
      .execute();

    const res = await list(host);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'msg', 'pagination', 'status']);
    expect(body).toMatchObject({
      status: true,
      msg: '',
      pagination: { currentPage: 1, lastPage: 1, perPage: 10, total: 1 },
    });
    expect(body.data).toHaveLength(1);
    expect(eventSummarySchema.parse(body.data[0])).toMatchObject({
      name: 'Mine',
      host_id: host.id,
    });
  });

  it('answers an empty list with lastPage 1 for a host without events', async () => {
    const host = await signIn(t);
    const res = await list(host);
    expect(res.json()).toMatchObject({
      data: [],
      pagination: { currentPage: 1, lastPage: 1, total: 0 },
    });
  });

  it('pages with perPage, caps perPage, and answers a page past the end empty with the true page count', async () => {
    const host = await signIn(t);
    for (let i = 1; i <= 5; i += 1) {
      await insertEvent(t, host.id, {
        name: `E${i}`,
        start: `2099-02-0${i}T20:00:00Z`,
        end: `2099-02-0${i}T22:00:00Z`,
      });
    }

    const second = await list(host, '?perPage=2&page=2&sort=start_time&order=asc');
    expect(names(second)).toEqual(['E3', 'E4']);
    expect(second.json().pagination).toEqual({ currentPage: 2, lastPage: 3, perPage: 2, total: 5 });

    const last = await list(host, '?perPage=2&page=3&sort=start_time&order=asc');
    expect(names(last)).toEqual(['E5']);

    const past = await list(host, '?perPage=2&page=9');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({
      data: [],
      pagination: { currentPage: 9, lastPage: 3, perPage: 2, total: 5 },
    });

    const capped = await list(host, '?perPage=100000');
    expect(capped.statusCode).toBe(200);
    expect(capped.json().pagination.perPage).toBe(EVENT_LIST_MAX_PER_PAGE);
  });

  it('refuses a page or perPage that is not a positive whole number', async () => {
    const host = await signIn(t);
    const res = await list(host, '?page=0&perPage=abc');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data).sort()).toEqual(['page', 'perPage']);
  });

  it('sorts by name and by start time in both directions, ties broken by id', async () => {
    const host = await signIn(t);
    const a = await insertEvent(t, host.id, {
      name: 'bravo',
      start: '2099-03-01T10:00:00Z',
      end: '2099-03-01T11:00:00Z',
    });
    const b = await insertEvent(t, host.id, {
      name: 'Alpha',
      start: '2099-03-03T10:00:00Z',
      end: '2099-03-03T11:00:00Z',
    });
    const c = await insertEvent(t, host.id, {
      name: 'Charlie',
      start: '2099-03-02T10:00:00Z',
      end: '2099-03-02T11:00:00Z',
    });
    const d = await insertEvent(t, host.id, {
      name: 'alpha',
      start: '2099-03-02T10:00:00Z',
      end: '2099-03-02T11:00:00Z',
    });
    const ids = (res: { json(): { data: Array<{ id: number }> } }) =>
      res.json().data.map((e) => e.id);

    expect(ids(await list(host, '?sort=name&order=asc'))).toEqual([b.id, d.id, a.id, c.id]);
    expect(ids(await list(host, '?sort=name&order=desc'))).toEqual([c.id, a.id, d.id, b.id]);
    expect(ids(await list(host, '?sort=start_time&order=asc'))).toEqual([a.id, c.id, d.id, b.id]);
    expect(ids(await list(host, '?sort=start_time&order=desc'))).toEqual([b.id, d.id, c.id, a.id]);
    // Default: newest start first.
    expect(ids(await list(host))).toEqual([b.id, d.id, c.id, a.id]);
  });

  it('refuses an unknown sort or order', async () => {
    const host = await signIn(t);
    const res = await list(host, '?sort=created_at&order=up');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data).sort()).toEqual(['order', 'sort']);
  });

  it('searches name and every location part, case-insensitively', async () => {
    const host = await signIn(t);
    await insertEvent(t, host.id, { name: 'Rooftop Party', city: 'Berlin' });
    await insertEvent(t, host.id, {
      name: 'Beach',
      address: '5 Ocean Drive',
      city: 'Miami',
      zip: '33139',
      state: 'FL',
      country: 'United States',
    });
    await insertEvent(t, host.id, { name: 'Cellar', city: 'Paris', country: 'France' });

    expect(names(await list(host, '?search=ROOFTOP'))).toEqual(['Rooftop Party']);
    expect(names(await list(host, '?search=berl'))).toEqual(['Rooftop Party']);
    expect(names(await list(host, '?search=ocean'))).toEqual(['Beach']);
    expect(names(await list(host, '?search=33139'))).toEqual(['Beach']);
    expect(names(await list(host, '?search=fl'))).toEqual(['Beach']);
    expect(names(await list(host, '?search=france'))).toEqual(['Cellar']);
    expect(names(await list(host, '?search=%20%20'))).toHaveLength(3);
    expect((await list(host, '?search=nowhere')).json()).toMatchObject({
      data: [],
      pagination: { total: 0, lastPage: 1 },
    });
  });

  it('treats % and _ in a search as plain characters, not wildcards', async () => {
    const host = await signIn(t);
    await insertEvent(t, host.id, { name: '100% Vinyl' });
    await insertEvent(t, host.id, { name: '100 Days' });
    await insertEvent(t, host.id, { name: 'under_score night' });
    await insertEvent(t, host.id, { name: 'underXscore night' });
    await insertEvent(t, host.id, { name: 'back\\slash' });

    expect(names(await list(host, `?search=${encodeURIComponent('100%')}`))).toEqual([
      '100% Vinyl',
    ]);
    expect(names(await list(host, `?search=${encodeURIComponent('%')}`))).toEqual(['100% Vinyl']);
    expect(names(await list(host, '?search=under_score'))).toEqual(['under_score night']);
    expect(names(await list(host, '?search=_'))).toEqual(['under_score night']);
    expect(names(await list(host, `?search=${encodeURIComponent('\\')}`))).toEqual(['back\\slash']);
  });

  it('filters by one local day in the given zone: events starting on that day, around midnight', async () => {
    const host = await signIn(t);
    // New York is UTC-5 in November.
    await insertEvent(t, host.id, {
      name: 'Early',
      start: '2099-11-21T05:00:00Z',
      end: '2099-11-21T07:00:00Z',
    }); // 00:00 local
    await insertEvent(t, host.id, {
      name: 'Late',
      start: '2099-11-22T04:59:00Z',
      end: '2099-11-22T09:00:00Z',
    }); // 23:59 local
    await insertEvent(t, host.id, {
      name: 'Day before',
      start: '2099-11-21T04:59:00Z',
      end: '2099-11-21T08:00:00Z',
    }); // 23:59 on the 20th, runs into the 21st
    await insertEvent(t, host.id, {
      name: 'Day after',
      start: '2099-11-22T05:00:00Z',
      end: '2099-11-22T06:00:00Z',
    }); // 00:00 on the 22nd

    const inNewYork = await list(
      host,
      `?date=2099-11-21&tz=${encodeURIComponent('America/New_York')}&sort=start_time&order=asc`,
    );
    expect(names(inNewYork)).toEqual(['Early', 'Late']);

    const inUtc = await list(host, '?date=2099-11-21&sort=start_time&order=asc');
    expect(names(inUtc)).toEqual(['Day before', 'Early']);
  });

  it('filters by a day across a daylight-saving change', async () => {
    const host = await signIn(t);
    // Berlin switches from UTC+2 to UTC+1 in the night to 2099-10-25.
    await insertEvent(t, host.id, {
      name: 'Sat 23:30',
      start: '2099-10-24T21:30:00Z',
      end: '2099-10-24T23:00:00Z',
    });
    await insertEvent(t, host.id, {
      name: 'Sun 00:30',
      start: '2099-10-24T22:30:00Z',
      end: '2099-10-25T01:00:00Z',
    });
    await insertEvent(t, host.id, {
      name: 'Sun 23:30',
      start: '2099-10-25T22:30:00Z',
      end: '2099-10-25T23:00:00Z',
    });
    await insertEvent(t, host.id, {
      name: 'Mon 00:30',
      start: '2099-10-25T23:30:00Z',
      end: '2099-10-26T01:00:00Z',
    });

    const res = await list(
      host,
      `?date=2099-10-25&tz=${encodeURIComponent('Europe/Berlin')}&sort=start_time&order=asc`,
    );
    expect(names(res)).toEqual(['Sun 00:30', 'Sun 23:30']);
  });

  it('refuses a day that is not a real day and an unknown zone', async () => {
    const host = await signIn(t);
    const res = await list(host, '?date=2099-02-30&tz=Nowhere/City');
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({
      date: ['Must be a real day.'],
      tz: ['Must be a valid IANA time zone, such as Europe/Berlin.'],
    });
  });

  it('treats empty query values as absent', async () => {
    const host = await signIn(t);
    await insertEvent(t, host.id);
    const res = await list(host, '?date=&tz=&search=&sort=&order=&page=&perPage=&filter=');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toMatchObject({ currentPage: 1, perPage: 10, total: 1 });
  });

  it('filters upcoming and past events', async () => {
    const host = await signIn(t);
    await insertEvent(t, host.id, {
      name: 'Old',
      start: '2001-01-01T20:00:00Z',
      end: '2001-01-01T23:00:00Z',
    });
    await insertEvent(t, host.id, {
      name: 'Future',
      start: '2099-01-01T20:00:00Z',
      end: '2099-01-01T23:00:00Z',
    });

    expect(names(await list(host, '?filter=upcoming'))).toEqual(['Future']);
    expect(names(await list(host, '?filter=past'))).toEqual(['Old']);
    expect(names(await list(host, '?filter=all&sort=name&order=asc'))).toEqual(['Future', 'Old']);
    const old = (await list(host, '?filter=past')).json().data[0];
    expect(old).toMatchObject({ has_ended: true, is_live: false });
  });

  it('refuses a host_id that is not the caller, guests, and anonymous callers', async () => {
    const host = await signIn(t);
    const other = await signIn(t);
    const guest = await signInGuest(t);

    const foreign = await list(host, `?host_id=${other.id}`);
    expect(foreign.statusCode).toBe(403);
    expect((await list(host, `?host_id=${host.id}`)).statusCode).toBe(200);

    const asGuest = await list(guest);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().msg).toBe(MSG.pleaseRegister);
    expect((await get(t, '/api/v1/get-event-list')).statusCode).toBe(401);
  });

  it('counts joined users and song requests per event', async () => {
    const host = await signIn(t);
    const event = await insertEvent(t, host.id, { name: 'Counted' });
    const fan = await signIn(t);
    const friend = await signIn(t);
    await t.ctx.db
      .insertInto('event_attendees')
      .values([
        { event_id: event.id, user_id: fan.id },
        { event_id: event.id, user_id: friend.id },
      ])
      .execute();
    await t.ctx.db
      .insertInto('song_requests')
      .values([
        { event_id: event.id, attendee_id: fan.id, song_id: 's1', song_name: 'One' },
        { event_id: event.id, attendee_id: friend.id, song_id: 's1', song_name: 'One' },
        { event_id: event.id, attendee_id: friend.id, song_id: 's2', song_name: 'Two' },
      ])
      .execute();
    // Written around the live queue, so its counters are rebuilt as seeding does.
    await recountEventQueue(t.ctx.db, event.id);

    const res = await list(host);
    expect(res.json().data[0]).toMatchObject({ enrolled_users_count: 2, song_requests_count: 3 });
  });
});
