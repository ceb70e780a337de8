import { ATTENDANCE_MSG, attendeeEventDetailsSchema } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  joined,
  sendRequest,
  signIn,
  softDelete,
} from '../requests/request-factories.ts';

describe('GET /api/v1/get-attendee-event-details', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    await t.ctx.db
      .updateTable('users')
      .set({ display_name: 'DJ Dana', bio: 'Vinyl only', rating_sum: 9, rating_count: 2 })
      .where('id', '=', host.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const details = (who: SignedIn, id: number, extra = '') =>
    get(t, `/api/v1/get-attendee-event-details?id=${id}${extra}`, who.headers);

  it('shows a joined attendee the event, joined, their own requests only, the host card and seq', async () => {
    const event = await insertEvent(t, host.id, { name: 'Dock Party' });
    const fan = await signIn(t, { defaultLogin: 3 });
    const other = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);
    await joined(t, other, event.code);
    await sendRequest(t, fan, event.id, { song_id: BOHEMIAN.song_id });
    await sendRequest(t, other, event.id, { song_id: BOHEMIAN.song_id });
    await sendRequest(t, other, event.id, { song_id: AGADOO });

    const res = await details(fan, event.id, `&attendee_id=${fan.id}`);

    expect(res.statusCode).toBe(200);
    const data = attendeeEventDetailsSchema.parse(res.json().data);
    expect(data).toMatchObject({
      id: event.id,
      name: 'Dock Party',
      joined: true,
      is_rated: false,
      enrolled_users_count: 2,
      song_requests_count: 3,
      seq: 5,
      host: { id: host.id, display_name: 'DJ Dana', bio: 'Vinyl only', rating: 4.5 },
    });
    expect(data.song_requests).toHaveLength(1);
    expect(data.song_requests[0]).toMatchObject({
      attendee_id: fan.id,
      song_id: BOHEMIAN.song_id,
      song_name: BOHEMIAN.song_name,
      status: 0,
    });
  });

  it('tells the caller when each request was played, and keeps their rejected songs apart', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);
    await sendRequest(t, fan, event.id, { song_id: BOHEMIAN.song_id });
    await sendRequest(t, fan, event.id, { song_id: AGADOO });
    await post(
      t,
      '/api/v1/mark-as-song-request',
      { event_id: event.id, song_id: BOHEMIAN.song_id, mark_as: 'played' },
      host.headers,
    );
    await post(
      t,
      '/api/v1/mark-as-song-request',
      { event_id: event.id, song_id: AGADOO, mark_as: 'reject' },
      host.headers,
    );

    const data = attendeeEventDetailsSchema.parse((await details(fan, event.id)).json().data);
    expect(data.song_requests.map((request) => request.song_id)).toEqual([BOHEMIAN.song_id]);
    const played = data.song_requests[0];
    expect(played?.status).toBe(1);
    expect(Date.now() - Date.parse(played?.played_at ?? '')).toBeLessThan(60_000);
    expect(data.rejected_requests).toEqual([
      expect.objectContaining({ song_id: AGADOO, attendee_id: fan.id, played_at: null }),
    ]);
    expect(data.line).toMatchObject({ songs: [], more: false, popular: [] });

    // The host takes the song back: it is the caller's waiting request again.
    await post(
      t,
      '/api/v1/mark-as-song-request',
      { event_id: event.id, song_id: AGADOO, mark_as: 'restore' },
      host.headers,
    );
    const restored = attendeeEventDetailsSchema.parse((await details(fan, event.id)).json().data);
    expect(restored.rejected_requests).toEqual([]);
    expect(restored.song_requests.map((request) => request.song_id)).toEqual([
      BOHEMIAN.song_id,
      AGADOO,
    ]);
    expect(restored.line?.songs.map(([songId]) => songId)).toEqual([AGADOO]);
  });

  it('shows the Join state to anyone signed in who has not joined, a guest from the QR included', async () => {
    const event = await insertEvent(t, host.id);
    const guest = await signInGuest(t);
    const res = await details(guest, event.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: event.id, joined: false, song_requests: [] });
  });

  it('flags is_rated once the caller rated the host', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    expect((await details(fan, event.id)).json().data.is_rated).toBe(false);
    await t.ctx.db
      .insertInto('ratings')
      .values({ host_id: host.id, attendee_id: fan.id, event_id: event.id, rating: 5 })
      .execute();
    expect((await details(fan, event.id)).json().data.is_rated).toBe(true);
  });

  it('keeps the Rate card at the other events of the host: a rating counts for its own event only', async () => {
    const rated = await insertEvent(t, host.id);
    const nextNight = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    await t.ctx.db
      .insertInto('ratings')
      .values({ host_id: host.id, attendee_id: fan.id, event_id: rated.id, rating: 4 })
      .execute();
    expect((await details(fan, rated.id)).json().data.is_rated).toBe(true);
    expect((await details(fan, nextNight.id)).json().data.is_rated).toBe(false);
  });

  it('answers 404 for a missing or deleted event (the web app goes to /404)', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);
    await softDelete(t, event.id);
    const deleted = await details(fan, event.id);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ status: false, msg: ATTENDANCE_MSG.eventNotFound });
    expect((await details(fan, 2_000_000)).statusCode).toBe(404);
  });

  it('refuses a claimed attendee who is not the caller (403), no session (401), a bad id (422)', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    expect((await details(fan, event.id, `&attendee_id=${host.id}`)).statusCode).toBe(403);
    expect((await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`)).statusCode).toBe(
      401,
    );
    expect((await get(t, '/api/v1/get-attendee-event-details?id=x', fan.headers)).statusCode).toBe(
      422,
    );
    expect((await get(t, '/api/v1/get-attendee-event-details', fan.headers)).statusCode).toBe(422);
  });
});
