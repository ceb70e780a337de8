import { ATTENDANCE_MSG, leaveEventData, REQUEST_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  eventSeq,
  joined,
  markRequest,
  sendRequest,
  signIn,
  softDelete,
} from '../requests/request-factories.ts';

describe('POST /api/v1/leave-event', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  const leave = (who: SignedIn, payload: Record<string, unknown>) =>
    post(t, '/api/v1/leave-event', payload, who.headers);

  const attendance = (eventId: number) =>
    t.ctx.db
      .selectFrom('event_attendees')
      .select('user_id')
      .where('event_id', '=', eventId)
      .execute();

  it('removes the attendance by event id, bumps seq and answers joined: false', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);

    const res = await leave(fan, { event_id: event.id });

    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(ATTENDANCE_MSG.left);
    expect(leaveEventData.parse(res.json().data)).toEqual({ id: event.id, joined: false });
    expect(await attendance(event.id)).toEqual([]);
    expect(await eventSeq(t, event.id)).toBe(2);
  });

  it('accepts the event code as the client form sends it (eventCode, userId)', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);

    const res = await leave(fan, { eventCode: event.code.toLowerCase(), userId: fan.id });

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: event.id, joined: false });
    expect(await attendance(event.id)).toEqual([]);
  });

  it('takes the leaver’s unplayed requests out of the queue and keeps the played ones', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    const stays = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);
    await joined(t, stays, event.code);
    await sendRequest(t, fan, event.id, { song_id: BOHEMIAN.song_id });
    await sendRequest(t, stays, event.id, { song_id: BOHEMIAN.song_id });
    await sendRequest(t, fan, event.id, { song_id: AGADOO });
    expect((await markRequest(t, host, event.id, AGADOO, 'played')).statusCode).toBe(200);

    expect((await leave(fan, { event_id: event.id })).statusCode).toBe(200);

    const rows = await t.ctx.db
      .selectFrom('song_requests')
      .select(['attendee_id', 'song_id', 'status'])
      .where('event_id', '=', event.id)
      .orderBy('song_id')
      .execute();
    expect(rows).toEqual([
      { attendee_id: fan.id, song_id: AGADOO, status: 1 },
      { attendee_id: stays.id, song_id: BOHEMIAN.song_id, status: 0 },
    ]);
  });

  it('is harmless when the caller had not joined: 200, nothing changes, no seq bump', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });

    const res = await leave(fan, { event_id: event.id });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: ATTENDANCE_MSG.notJoined,
      data: { id: event.id, joined: false },
    });
    expect(await eventSeq(t, event.id)).toBe(0);
  });

  it('answers 404 for a missing or deleted event and an unknown code', async () => {
    const fan = await signIn(t, { defaultLogin: 3 });
    const event = await insertEvent(t, host.id);
    await joined(t, fan, event.code);
    await softDelete(t, event.id);

    expect((await leave(fan, { event_id: event.id })).statusCode).toBe(404);
    expect((await leave(fan, { event_id: 2_000_000 })).statusCode).toBe(404);
    const byCode = await leave(fan, { event_code: 'NOPE99' });
    expect(byCode.statusCode).toBe(404);
    expect(byCode.json().msg).toBe(ATTENDANCE_MSG.noEventForCode);
  });

  it('refuses to act for someone else (403) and asks which event (422)', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);

    expect((await leave(fan, { event_id: event.id, attendee_id: host.id })).statusCode).toBe(403);
    expect(await attendance(event.id)).toEqual([{ user_id: fan.id }]);
    const nothing = await leave(fan, {});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toHaveProperty('event_id');
  });

  it('lets a guest leave, after which requesting is refused until they join again', async () => {
    const event = await insertEvent(t, host.id);
    const guest = await signInGuest(t);
    await joined(t, guest, event.code);
    expect((await leave(guest, { event_id: event.id })).statusCode).toBe(200);

    const refused = await sendRequest(t, guest, event.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(REQUEST_MSG.joinFirst);

    await joined(t, guest, event.code);
    expect((await sendRequest(t, guest, event.id)).statusCode).toBe(201);
  });
});
