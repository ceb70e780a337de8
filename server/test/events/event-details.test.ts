import { hostEventDetailsSchema, MSG } from '@floorfill/shared';
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

describe('GET /api/v1/get-event-details', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  const details = (id: number, headers = host.headers, query = '') =>
    get(t, `/api/v1/get-event-details?id=${id}${query}`, headers);

  it('answers the summary with seq, every request, the grouped queue and the host card', async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ display_name: 'DJ Dana', bio: 'Vinyl only', rating_sum: 14, rating_count: 3 })
      .where('id', '=', host.id)
      .execute();
    const event = await insertEvent(t, host.id, { name: 'Queue night' });
    const ann = await insertAttendee(t, 'Ann Full', 'Annie');
    const bob = await insertAttendee(t, 'Bob Full');
    const cy = await insertAttendee(t, 'Cy Full', '');
    for (const person of [ann, bob, cy]) await joinEvent(t, event.id, person.id);
    // "played": requested first, played → goes last although most requested.
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: ann.id,
      songId: 'played',
      status: 1,
      createdAt: '2099-01-01T10:00:00Z',
    });
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: bob.id,
      songId: 'played',
      status: 1,
      createdAt: '2099-01-01T10:01:00Z',
    });
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: cy.id,
      songId: 'played',
      status: 1,
      createdAt: '2099-01-01T10:02:00Z',
    });
    // "popular": two attendees.
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: bob.id,
      songId: 'popular',
      songName: 'Popular',
      createdAt: '2099-01-01T10:05:00Z',
    });
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: cy.id,
      songId: 'popular',
      songName: 'Popular',
      createdAt: '2099-01-01T10:03:00Z',
    });
    // "older" and "newer": one each; older first.
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: ann.id,
      songId: 'newer',
      createdAt: '2099-01-01T10:09:00Z',
    });
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: bob.id,
      songId: 'older',
      createdAt: '2099-01-01T10:04:00Z',
    });
    // "mixed": played for one requester, then requested again: back in the queue.
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: ann.id,
      songId: 'mixed',
      status: 1,
      createdAt: '2099-01-01T10:10:00Z',
    });
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: bob.id,
      songId: 'mixed',
      status: 0,
      createdAt: '2099-01-01T10:11:00Z',
    });

    const res = await details(event.id, host.headers, '&include=requests');

    expect(res.statusCode).toBe(200);
    const data = hostEventDetailsSchema.required({ song_requests: true }).parse(res.json().data);
    expect(data).toMatchObject({
      id: event.id,
      name: 'Queue night',
      seq: 0,
      enrolled_users_count: 3,
      song_requests_count: 9,
    });
    expect(data.song_requests).toHaveLength(9);
    expect(data.song_requests[0]).toMatchObject({
      song_id: 'played',
      attendee_id: ann.id,
      attendee_name: 'Annie',
      status: 1,
    });
    const nameOf = (id: number) =>
      data.song_requests.find((r) => r.attendee_id === id)?.attendee_name;
    expect(nameOf(bob.id)).toBe('Bob Full');
    expect(nameOf(cy.id)).toBe('Cy Full');

    expect(data.grouped_song_requests.map((g) => [g.song_id, g.request_count, g.status])).toEqual([
      ['popular', 2, 0],
      ['mixed', 2, 0],
      ['older', 1, 0],
      ['newer', 1, 0],
      ['played', 3, 1],
    ]);
    const popular = data.grouped_song_requests[0];
    expect(popular).toMatchObject({
      song_name: 'Popular',
      first_requested_at: '2099-01-01T10:03:00.000Z',
      played_at: null,
    });
    expect(data.grouped_song_requests[4]?.played_at).not.toBeNull();
    expect(data.grouped_song_requests[1]?.played_at).toBeNull();

    expect(data.host).toEqual({
      id: host.id,
      name: 'Dana Host',
      display_name: 'DJ Dana',
      bio: 'Vinyl only',
      profile_image_path: null,
      cover_photo_path: null,
      rating: 4.7,
      total_review: 3,
      // No payout account yet: attendees are not offered "Tip".
      accepts_tips: false,
    });
  });

  it('counts one attendee once per song', async () => {
    const event = await insertEvent(t, host.id);
    const ann = await insertAttendee(t, 'Ann');
    await insertSongRequest(t, { eventId: event.id, attendeeId: ann.id, songId: 'one' });

    const data = (await details(event.id)).json().data;
    expect(data.grouped_song_requests).toHaveLength(1);
    expect(data.grouped_song_requests[0].request_count).toBe(1);
    expect(data.host).toMatchObject({ rating: 4.7, total_review: 3 });
  });

  it('shows rating 0 for a host without reviews', async () => {
    const fresh = await signIn(t);
    const event = await insertEvent(t, fresh.id);
    const data = (await details(event.id, fresh.headers)).json().data;
    expect(data.host).toMatchObject({ rating: 0, total_review: 0 });
    expect(data.grouped_song_requests).toEqual([]);
  });

  it('leaves every single request out unless asked: the grouped queue is the booth’s snapshot', async () => {
    const event = await insertEvent(t, host.id);
    const ann = await insertAttendee(t, 'Ann');
    await insertSongRequest(t, { eventId: event.id, attendeeId: ann.id, songId: 'one' });

    const data = (await details(event.id)).json().data;
    expect(data).not.toHaveProperty('song_requests');
    expect(data.grouped_song_requests).toHaveLength(1);
    expect((await details(event.id, host.headers, '&include=everything')).statusCode).toBe(422);
  });

  it('names who asked for one song to its host only (get-song-requesters)', async () => {
    const event = await insertEvent(t, host.id);
    const ann = await insertAttendee(t, 'Ann', 'Annie');
    const bob = await insertAttendee(t, 'Bob');
    for (const [who, at] of [
      [bob, '2099-01-01T10:02:00Z'],
      [ann, '2099-01-01T10:01:00Z'],
    ] as const) {
      await insertSongRequest(t, {
        eventId: event.id,
        attendeeId: who.id,
        songId: 'one',
        createdAt: at,
      });
    }
    const requesters = (query: string, headers = host.headers) =>
      get(t, `/api/v1/get-song-requesters?${query}`, headers);

    const res = await requesters(`event_id=${event.id}&song_id=one`);
    expect(res.statusCode).toBe(200);
    expect(
      (res.json().data as Array<{ attendee_name: string }>).map((request) => request.attendee_name),
    ).toEqual(['Annie', 'Bob']);

    const other = await signIn(t);
    expect((await requesters(`event_id=${event.id}&song_id=one`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await requesters(`event_id=${event.id}&song_id=nobody`)).statusCode).toBe(404);
    expect((await requesters(`event_id=${event.id}&song_id=`)).statusCode).toBe(422);
    const guest = await signInGuest(t);
    expect((await requesters(`event_id=${event.id}&song_id=one`, guest.headers)).statusCode).toBe(
      403,
    );
  });

  it('answers 404 for another host’s event, a deleted one and an unknown id', async () => {
    const other = await signIn(t);
    const theirs = await insertEvent(t, other.id);
    expect((await details(theirs.id)).statusCode).toBe(404);

    const deleted = await insertEvent(t, host.id);
    await t.ctx.db
      .updateTable('events')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted.id)
      .execute();
    expect((await details(deleted.id)).statusCode).toBe(404);
    expect((await details(2_000_000_000)).statusCode).toBe(404);
  });

  it('refuses guests, anonymous callers and a malformed id', async () => {
    const event = await insertEvent(t, host.id);
    const guest = await signInGuest(t);
    const asGuest = await details(event.id, guest.headers);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().msg).toBe(MSG.pleaseRegister);
    expect((await details(event.id, {})).statusCode).toBe(401);
    expect((await get(t, '/api/v1/get-event-details?id=abc', host.headers)).statusCode).toBe(422);
  });
});
