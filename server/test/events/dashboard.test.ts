import {
  EMPTY_BOOST_TOTALS,
  eventCalendarSchema,
  hostDashboardSchema,
  MSG,
} from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  insertAttendee,
  insertEvent,
  insertSongRequest,
  joinEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('host dashboard calls', () => {
  let t: TestApp;
  let guest: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    guest = await signInGuest(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/v1/get-host-dashboard-data', () => {
    const dashboard = (headers: Record<string, string>, query = '') =>
      get(t, `/api/v1/get-host-dashboard-data${query}`, headers);

    it('counts all-time events, distinct attendees across them, and song requests', async () => {
      const host = await signIn(t);
      const first = await insertEvent(t, host.id, {
        start: '2001-01-01T20:00:00Z',
        end: '2001-01-01T23:00:00Z',
      });
      const second = await insertEvent(t, host.id);
      const ann = await insertAttendee(t, 'Ann');
      const bob = await insertAttendee(t, 'Bob');
      await joinEvent(t, first.id, ann.id);
      await joinEvent(t, second.id, ann.id);
      await joinEvent(t, second.id, bob.id);
      await insertSongRequest(t, { eventId: first.id, attendeeId: ann.id, songId: 'a' });
      await insertSongRequest(t, { eventId: second.id, attendeeId: ann.id, songId: 'a' });
      await insertSongRequest(t, { eventId: second.id, attendeeId: bob.id, songId: 'a' });
      // Another host's activity does not count.
      const other = await signIn(t);
      const theirs = await insertEvent(t, other.id);
      await joinEvent(t, theirs.id, ann.id);
      await insertSongRequest(t, { eventId: theirs.id, attendeeId: ann.id, songId: 'z' });

      const res = await dashboard(host.headers);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: true, msg: '' });
      expect(hostDashboardSchema.parse(res.json().data)).toEqual({
        events: 2,
        users: 2,
        requests: 3,
      });
      expect((await dashboard(other.headers)).json().data).toEqual({
        events: 1,
        users: 1,
        requests: 1,
        tips: { count: 0, total_cents: 0 },
        boosts: EMPTY_BOOST_TOTALS,
      });
    });

    it('answers zeros for a new host, refuses a foreign host_id and guests', async () => {
      const host = await signIn(t);
      const other = await signIn(t);
      expect((await dashboard(host.headers)).json().data).toEqual({
        events: 0,
        users: 0,
        requests: 0,
        tips: { count: 0, total_cents: 0 },
        boosts: EMPTY_BOOST_TOTALS,
      });
      expect((await dashboard(host.headers, `?host_id=${other.id}`)).statusCode).toBe(403);
      const asGuest = await dashboard(guest.headers);
      expect(asGuest.statusCode).toBe(403);
      expect(asGuest.json().msg).toBe(MSG.pleaseRegister);
    });
  });

  describe('GET /api/v1/get-upcoming-event-list', () => {
    it('lists the caller’s events that have not ended, soonest first', async () => {
      const host = await signIn(t);
      await insertEvent(t, host.id, {
        name: 'Ended',
        start: '2001-01-01T20:00:00Z',
        end: '2001-01-01T23:00:00Z',
      });
      // Started long ago, ends far ahead: still running, so still "upcoming".
      await insertEvent(t, host.id, {
        name: 'Running',
        start: '2001-01-01T20:00:00Z',
        end: '2099-01-01T23:00:00Z',
      });
      await insertEvent(t, host.id, {
        name: 'Later',
        start: '2099-05-01T20:00:00Z',
        end: '2099-05-01T23:00:00Z',
      });
      await insertEvent(t, host.id, {
        name: 'Sooner',
        start: '2099-04-01T20:00:00Z',
        end: '2099-04-01T23:00:00Z',
      });
      const other = await signIn(t);
      await insertEvent(t, other.id, { name: 'Not mine' });

      const res = await get(t, '/api/v1/get-upcoming-event-list', host.headers);

      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((e: { name: string }) => e.name)).toEqual([
        'Running',
        'Sooner',
        'Later',
      ]);
      expect(res.json().data[0]).toMatchObject({ is_live: true, has_ended: false });
    });

    it('caps the list at 50', async () => {
      const host = await signIn(t);
      await t.ctx.db
        .insertInto('events')
        .values(
          Array.from({ length: 55 }, (_, i) => ({
            host_id: host.id,
            name: `E${i}`,
            start_time: new Date(Date.UTC(2099, 0, 1 + i)),
            end_time: new Date(Date.UTC(2099, 0, 1 + i, 3)),
            code: `CAP${String(i).padStart(3, '0')}`,
          })),
        )
        .execute();

      const res = await get(t, '/api/v1/get-upcoming-event-list', host.headers);
      expect(res.json().data).toHaveLength(50);
      expect(res.json().data[0].name).toBe('E0');
    });

    it('refuses guests and a foreign host_id', async () => {
      const host = await signIn(t);
      expect((await get(t, '/api/v1/get-upcoming-event-list', guest.headers)).statusCode).toBe(403);
      expect(
        (await get(t, `/api/v1/get-upcoming-event-list?host_id=${host.id + 1}`, host.headers))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('GET /api/v1/get-event-calendar', () => {
    const calendar = (headers: Record<string, string>, query: string) =>
      get(t, `/api/v1/get-event-calendar${query}`, headers);

    it('counts the caller’s events per local start day of the month in the given zone', async () => {
      const host = await signIn(t);
      // Tokyo is UTC+9 all year.
      await insertEvent(t, host.id, { start: '2099-02-28T14:59:00Z', end: '2099-02-28T16:00:00Z' }); // Feb 28 23:59 Tokyo
      await insertEvent(t, host.id, { start: '2099-02-28T15:00:00Z', end: '2099-02-28T16:00:00Z' }); // Mar 1 00:00 Tokyo
      await insertEvent(t, host.id, { start: '2099-03-01T03:00:00Z', end: '2099-03-01T04:00:00Z' }); // Mar 1 12:00 Tokyo
      await insertEvent(t, host.id, { start: '2099-03-31T14:00:00Z', end: '2099-03-31T16:00:00Z' }); // Mar 31 23:00 Tokyo
      await insertEvent(t, host.id, { start: '2099-03-31T15:00:00Z', end: '2099-03-31T16:00:00Z' }); // Apr 1 00:00 Tokyo
      const other = await signIn(t);
      await insertEvent(t, other.id, {
        start: '2099-03-10T03:00:00Z',
        end: '2099-03-10T04:00:00Z',
      });

      const tokyo = await calendar(
        host.headers,
        `?month=2099-03&tz=${encodeURIComponent('Asia/Tokyo')}`,
      );
      expect(tokyo.statusCode).toBe(200);
      expect(eventCalendarSchema.parse(tokyo.json().data)).toEqual({
        days: [
          { date: '2099-03-01', count: 2 },
          { date: '2099-03-31', count: 1 },
        ],
      });

      const utc = await calendar(host.headers, '?month=2099-03');
      expect(utc.json().data).toEqual({
        days: [
          { date: '2099-03-01', count: 1 },
          { date: '2099-03-31', count: 2 },
        ],
      });
    });

    it('answers no days for an empty month', async () => {
      const host = await signIn(t);
      expect((await calendar(host.headers, '?month=2099-12')).json().data).toEqual({ days: [] });
    });

    it('refuses a missing or malformed month and an unknown zone', async () => {
      const host = await signIn(t);
      const missing = await calendar(host.headers, '');
      expect(missing.statusCode).toBe(422);
      expect(missing.json().data.month).toEqual([MSG.fieldRequired]);
      const bad = await calendar(host.headers, '?month=2099-13&tz=Atlantis/Nowhere');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().data).toEqual({
        month: ['Must be a month as YYYY-MM.'],
        tz: ['Must be a valid IANA time zone, such as Europe/Berlin.'],
      });
    });

    it('refuses guests and a foreign host_id', async () => {
      const host = await signIn(t);
      expect((await calendar(guest.headers, '?month=2099-03')).statusCode).toBe(403);
      expect(
        (await calendar(host.headers, `?month=2099-03&host_id=${host.id + 1}`)).statusCode,
      ).toBe(403);
    });
  });
});
