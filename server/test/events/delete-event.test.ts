import { EMPTY_BOOST_TOTALS, EVENT_MSG, MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventForm,
  get,
  insertEvent,
  insertSongRequest,
  joinEvent,
  multipartForm,
  postForm,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('POST /api/v1/delete-event', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const remove = (id: number, headers = host.headers, extra: Record<string, unknown> = {}) =>
    post(t, '/api/v1/delete-event', { id, ...extra }, headers);
  const row = (id: number) =>
    t.ctx.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('soft-deletes the event with its requests and attendance in one go; tips and ratings stay', async () => {
    const event = await insertEvent(t, host.id, {
      start: '2099-09-09T20:00:00Z',
      end: '2099-09-09T23:00:00Z',
    });
    const fan = await signIn(t);
    await joinEvent(t, event.id, fan.id);
    await insertSongRequest(t, { eventId: event.id, attendeeId: fan.id, songId: 'song-1' });
    await t.ctx.db
      .insertInto('ratings')
      .values({ host_id: host.id, attendee_id: fan.id, event_id: event.id, rating: 5 })
      .execute();
    await t.ctx.db
      .insertInto('tips')
      .values({
        checkout_session_id: `cs_${event.id}`,
        host_id: host.id,
        event_id: event.id,
        attendee_id: fan.id,
        attendee_type: 3,
        amount_cents: 500,
        status: 'paid',
      })
      .execute();
    const before = await row(event.id);

    const res = await remove(event.id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: EVENT_MSG.deleted, data: { id: event.id } });
    const after = await row(event.id);
    expect(after.deleted_at).toBeInstanceOf(Date);
    expect(Number(after.seq)).toBe(Number(before.seq) + 1);
    const requests = await t.ctx.db
      .selectFrom('song_requests')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    const attendance = await t.ctx.db
      .selectFrom('event_attendees')
      .select('user_id')
      .where('event_id', '=', event.id)
      .execute();
    const ratings = await t.ctx.db
      .selectFrom('ratings')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    const tips = await t.ctx.db
      .selectFrom('tips')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(requests).toEqual([]);
    expect(attendance).toEqual([]);
    expect(ratings).toHaveLength(1);
    expect(tips).toHaveLength(1);
  });

  it('makes the event disappear from every list, the calendar, the dashboard, details and its QR', async () => {
    const owner = await signIn(t);
    const kept = await insertEvent(t, owner.id, {
      name: 'Kept',
      start: '2099-09-10T20:00:00Z',
      end: '2099-09-10T23:00:00Z',
    });
    const gone = await insertEvent(t, owner.id, {
      name: 'Gone',
      start: '2099-09-11T20:00:00Z',
      end: '2099-09-11T23:00:00Z',
    });
    const fan = await signIn(t);
    await joinEvent(t, gone.id, fan.id);
    await insertSongRequest(t, { eventId: gone.id, attendeeId: fan.id, songId: 'x' });
    const h = owner.headers;
    const dashboardBefore = (await get(t, '/api/v1/get-host-dashboard-data', h)).json().data;
    expect(dashboardBefore).toEqual({
      events: 2,
      users: 1,
      requests: 1,
      tips: { count: 0, total_cents: 0 },
      boosts: EMPTY_BOOST_TOTALS,
    });
    expect((await get(t, `/api/qr/events/${gone.code}.png`)).statusCode).toBe(200);

    expect((await remove(gone.id, h)).statusCode).toBe(200);

    const names = (res: { json(): { data: Array<{ name: string }> } }) =>
      res.json().data.map((e) => e.name);
    expect(names(await get(t, '/api/v1/get-event-list', h))).toEqual(['Kept']);
    expect(names(await get(t, '/api/v1/get-upcoming-event-list', h))).toEqual(['Kept']);
    expect((await get(t, '/api/v1/get-event-calendar?month=2099-09', h)).json().data).toEqual({
      days: [{ date: '2099-09-10', count: 1 }],
    });
    expect((await get(t, '/api/v1/get-host-dashboard-data', h)).json().data).toEqual({
      events: 1,
      users: 0,
      requests: 0,
      tips: { count: 0, total_cents: 0 },
      boosts: EMPTY_BOOST_TOTALS,
    });
    const details = await get(t, `/api/v1/get-event-details?id=${gone.id}`, h);
    expect(details.statusCode).toBe(404);
    expect(details.json()).toMatchObject({ status: false, msg: EVENT_MSG.notFound });
    expect((await get(t, `/api/qr/events/${gone.code}.png`)).statusCode).toBe(404);
    expect((await get(t, `/api/v1/get-event-details?id=${kept.id}`, h)).statusCode).toBe(200);
  });

  it('frees the code for a new event', async () => {
    const event = await insertEvent(t, host.id, { code: 'QWERTY' });
    expect((await remove(event.id)).statusCode).toBe(200);

    const reused = await insertEvent(t, host.id, { code: 'qwerty' });

    expect(reused.code).toBe('qwerty');
    const qr = await get(t, '/api/qr/events/QWERTY.png');
    expect(qr.statusCode).toBe(200);
  });

  it('answers 404 a second time and for unknown ids', async () => {
    const event = await insertEvent(t, host.id);
    expect((await remove(event.id)).statusCode).toBe(200);
    expect((await remove(event.id)).statusCode).toBe(404);
    expect((await remove(2_000_000_000)).statusCode).toBe(404);
  });

  it('answers 404 for another host’s event and changes nothing of it', async () => {
    const other = await signIn(t);
    const theirs = await insertEvent(t, other.id);
    const fan = await signIn(t);
    await joinEvent(t, theirs.id, fan.id);
    await insertSongRequest(t, { eventId: theirs.id, attendeeId: fan.id, songId: 'keep' });
    const before = await row(theirs.id);

    const res = await remove(theirs.id);

    expect(res.statusCode).toBe(404);
    expect(await row(theirs.id)).toEqual(before);
    const requests = await t.ctx.db
      .selectFrom('song_requests')
      .select('id')
      .where('event_id', '=', theirs.id)
      .execute();
    expect(requests).toHaveLength(1);
  });

  it('refuses a host_id that is not the caller, guests and anonymous callers', async () => {
    const event = await insertEvent(t, host.id);
    const other = await signIn(t);
    expect((await remove(event.id, host.headers, { host_id: other.id })).statusCode).toBe(403);

    const guest = await signInGuest(t);
    const asGuest = await remove(event.id, guest.headers);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().msg).toBe(MSG.pleaseRegister);
    expect((await remove(event.id, {})).statusCode).toBe(401);
    expect((await row(event.id)).deleted_at).toBeNull();
  });

  it('requires an id', async () => {
    const res = await post(t, '/api/v1/delete-event', {}, host.headers);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data)).toEqual(['id']);
  });

  it('lets a new event made through the API take a code no live event holds', async () => {
    const res = await postForm(t, '/api/v1/store-event', multipartForm(eventForm()), host.headers);
    const code: string = res.json().data.code;
    const holders = await t.ctx.db
      .selectFrom('events')
      .select('id')
      .where((eb) => eb(eb.fn('upper', ['code']), '=', code))
      .where('deleted_at', 'is', null)
      .execute();
    expect(holders).toHaveLength(1);
  });
});
