import { ATTENDANCE_MSG, joinEventData, MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertEvent,
  multipartForm,
  postForm,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  eventSeq,
  joinByCode,
  signIn,
  signInMany,
  softDelete,
} from '../requests/request-factories.ts';

describe('POST /api/v1/join-event', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('joins the live event holding the code, whatever its case and surrounding spaces', async () => {
    const event = await insertEvent(t, host.id, { code: 'K7WQ2M', name: 'Dock Party' });
    const fan = await signIn(t, { defaultLogin: 3 });

    const res = await joinByCode(t, fan, '  k7wq2m ');

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, msg: ATTENDANCE_MSG.joined });
    const data = joinEventData.parse(body.data);
    expect(data).toMatchObject({
      id: event.id,
      name: 'Dock Party',
      joined: true,
      enrolled_users_count: 1,
    });
    const rows = await t.ctx.db
      .selectFrom('event_attendees')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(rows.map((row) => row.user_id)).toEqual([fan.id]);
  });

  it('is harmless twice: 200 both times, one attendance, seq bumped once', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });

    const first = await joinByCode(t, fan, event.code);
    const second = await joinByCode(t, fan, event.code);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      msg: ATTENDANCE_MSG.alreadyJoined,
      data: { id: event.id, joined: true, enrolled_users_count: 1 },
    });
    expect(second.json().data.joined_at).toBe(first.json().data.joined_at);
    expect(await eventSeq(t, event.id)).toBe(1);
  });

  it('answers 404 with a clear message for a code no live event holds', async () => {
    const fan = await signIn(t, { defaultLogin: 3 });
    const res = await joinByCode(t, fan, 'ZZZZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, msg: ATTENDANCE_MSG.noEventForCode });
  });

  it('answers 404 for the code of a deleted event', async () => {
    const event = await insertEvent(t, host.id);
    await softDelete(t, event.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    const res = await joinByCode(t, fan, event.code);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(ATTENDANCE_MSG.noEventForCode);
  });

  it('asks for a code when none is sent, as the dashboard says it', async () => {
    const fan = await signIn(t, { defaultLogin: 3 });
    for (const payload of [{}, { event_code: '   ' }]) {
      const res = await post(t, '/api/v1/join-event', payload, fan.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ event_code: [MSG.noCode] });
    }
  });

  it('accepts the client form names (eventCode, userId) and a multipart form', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    const camel = await post(
      t,
      '/api/v1/join-event',
      { eventCode: event.code, userId: fan.id },
      fan.headers,
    );
    expect(camel.statusCode).toBe(200);

    const other = await signIn(t, { defaultLogin: 3 });
    const form = multipartForm({
      event_code: event.code,
      attendee_id: String(other.id),
      attendee_name: 'Whatever the client says',
    });
    const res = await postForm(t, '/api/v1/join-event', form, other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: event.id, enrolled_users_count: 2 });
  });

  it('refuses to join on behalf of someone else (403)', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    const res = await joinByCode(t, fan, event.code, { attendee_id: host.id });
    expect(res.statusCode).toBe(403);
    const count = await t.ctx.db
      .selectFrom('event_attendees')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('needs a session (401) and lets a guest who scanned the QR join', async () => {
    const event = await insertEvent(t, host.id);
    const anonymous = await post(t, '/api/v1/join-event', { event_code: event.code });
    expect(anonymous.statusCode).toBe(401);

    const guest = await signInGuest(t);
    const res = await joinByCode(t, guest, event.code);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: event.id, joined: true });
  });

  it('lets an attendee join an event that has ended (its page and host stay useful)', async () => {
    const event = await insertEvent(t, host.id, {
      start: '2020-01-01T20:00:00Z',
      end: '2020-01-02T02:00:00Z',
    });
    const fan = await signIn(t, { defaultLogin: 3 });
    const res = await joinByCode(t, fan, event.code);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: event.id, has_ended: true });
  });

  it('counts 40 attendees joining at once exactly: 40 rows, seq +40', async () => {
    const event = await insertEvent(t, host.id);
    const fans = await signInMany(t, 40, 'Rush');

    const answers = await Promise.all(fans.map((fan) => joinByCode(t, fan, event.code)));

    expect(answers.map((res) => res.statusCode)).toEqual(fans.map(() => 200));
    const rows = await t.ctx.db
      .selectFrom('event_attendees')
      .select('user_id')
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toHaveLength(40);
    expect(await eventSeq(t, event.id)).toBe(40);
  });

  it('answers a malformed body with 4xx, never 5xx', async () => {
    const fan = await signIn(t, { defaultLogin: 3 });
    for (const payload of [
      { event_code: 42 },
      { event_code: ['A'] },
      { event_code: 'x'.repeat(500) },
      { event_code: 'ABC', attendee_id: 'me' },
    ]) {
      const res = await post(t, '/api/v1/join-event', payload, fan.headers);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/join-event',
      headers: { ...fan.headers, 'content-type': 'application/json' },
      payload: '{"event_code":',
    });
    expect(raw.statusCode).toBe(400);
  });
});
