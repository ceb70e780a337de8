import { markResult, MSG, REQUEST_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertEvent,
  insertSongRequest,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
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
  signInMany,
  softDelete,
} from './request-factories.ts';

describe('POST /api/v1/mark-as-song-request', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function eventWithRequests(requesters: number) {
    const event = await insertEvent(t, host.id, { name: 'Marked Night' });
    const fans = await signInMany(t, requesters);
    for (const fan of fans) {
      await joined(t, fan, event.code);
      await sendRequest(t, fan, event.id);
    }
    await sendRequest(t, fans[0] as SignedIn, event.id, { song_id: AGADOO });
    return { event, fans };
  }

  const statuses = (eventId: number, songId: string) =>
    t.ctx.db
      .selectFrom('song_requests')
      .select(['status', 'played_at'])
      .where('event_id', '=', eventId)
      .where('song_id', '=', songId)
      .execute();

  it('played: every request of the song becomes status 1 with played_at; answers the new entry', async () => {
    const { event } = await eventWithRequests(3);
    const seqBefore = await eventSeq(t, event.id);

    const res = await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played');

    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(REQUEST_MSG.markedPlayed);
    const data = markResult.parse(res.json().data);
    expect(data).toMatchObject({ song_id: BOHEMIAN.song_id, status: 1, request_count: 3 });
    expect('played_at' in data && data.played_at).toBeTruthy();
    const rows = await statuses(event.id, BOHEMIAN.song_id);
    expect(rows.every((row) => row.status === 1 && row.played_at instanceof Date)).toBe(true);
    expect(await statuses(event.id, AGADOO)).toEqual([{ status: 0, played_at: null }]);
    expect(await eventSeq(t, event.id)).toBe(seqBefore + 1);
  });

  it('played twice changes nothing the second time (no seq bump)', async () => {
    const { event } = await eventWithRequests(1);
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played');
    const seq = await eventSeq(t, event.id);
    const again = await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 1 });
    expect(await eventSeq(t, event.id)).toBe(seq);
  });

  it('unplayed: back to status 0 with played_at cleared', async () => {
    const { event } = await eventWithRequests(2);
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played');

    const res = await markRequest(t, host, event.id, BOHEMIAN.song_id, 'unplayed');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: REQUEST_MSG.markedUnplayed,
      data: { status: 0, played_at: null, request_count: 2 },
    });
    expect(await statuses(event.id, BOHEMIAN.song_id)).toEqual([
      { status: 0, played_at: null },
      { status: 0, played_at: null },
    ]);
  });

  it('a new request after playing puts the song back in the queue', async () => {
    const { event } = await eventWithRequests(1);
    await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played');
    const [late] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, late, event.code);
    const res = await sendRequest(t, late, event.id);
    expect(res.json().data.grouped_song_request).toMatchObject({ status: 0, request_count: 2 });
  });

  it('delete: every request of the song goes; answers removed', async () => {
    const { event } = await eventWithRequests(2);
    const res = await markRequest(t, host, event.id, BOHEMIAN.song_id, 'delete');
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(REQUEST_MSG.deleted);
    expect(markResult.parse(res.json().data)).toEqual({
      removed: true,
      event_id: event.id,
      song_id: BOHEMIAN.song_id,
    });
    expect(await statuses(event.id, BOHEMIAN.song_id)).toEqual([]);
    expect(await statuses(event.id, AGADOO)).toHaveLength(1);
  });

  it('another host cannot mark (404), nor can a requester (404), and nothing changes', async () => {
    const { event, fans } = await eventWithRequests(1);
    const otherHost = await signIn(t, { name: 'Other Host' });
    for (const who of [otherHost, fans[0] as SignedIn]) {
      const res = await markRequest(t, who, event.id, BOHEMIAN.song_id, 'played');
      expect(res.statusCode).toBe(404);
    }
    expect(await statuses(event.id, BOHEMIAN.song_id)).toEqual([{ status: 0, played_at: null }]);
  });

  it('a guest is refused (403, "Please register first!") even with a malformed body', async () => {
    const { event } = await eventWithRequests(1);
    const guest = await signInGuest(t);
    await joined(t, guest, event.code);
    const res = await markRequest(t, guest, event.id, BOHEMIAN.song_id, 'played');
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(MSG.pleaseRegister);
    const malformed = await post(t, '/api/v1/mark-as-song-request', {}, guest.headers);
    expect(malformed.statusCode).toBe(403);
    expect(await statuses(event.id, BOHEMIAN.song_id)).toEqual([{ status: 0, played_at: null }]);
  });

  it('answers 404 for a song nobody requested there, and for a deleted or missing event', async () => {
    const { event } = await eventWithRequests(1);
    const unknown = await markRequest(t, host, event.id, 'itunes-404', 'played');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(REQUEST_MSG.notFound);

    await softDelete(t, event.id);
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'delete')).statusCode).toBe(404);
    expect((await markRequest(t, host, 2_000_000, BOHEMIAN.song_id, 'played')).statusCode).toBe(
      404,
    );
  });

  it('answers 422 for a mark_as outside the eight marks; 401 without a session', async () => {
    const { event } = await eventWithRequests(1);
    const res = await markRequest(t, host, event.id, BOHEMIAN.song_id, 'skipped');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      mark_as: ['Must be played, unplayed, delete, playing, later, reject, restore or allow.'],
    });
    const anonymous = await post(t, '/api/v1/mark-as-song-request', {
      event_id: event.id,
      song_id: BOHEMIAN.song_id,
      mark_as: 'played',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets the host mark after the event ended (the list is still theirs to tidy)', async () => {
    const event = await insertEvent(t, host.id, {
      start: '2020-01-01T20:00:00Z',
      end: '2020-01-02T02:00:00Z',
    });
    const [fan] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, fan, event.code);
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: fan.id,
      songId: AGADOO,
      songName: 'Agadoo',
    });
    expect((await markRequest(t, host, event.id, AGADOO, 'played')).statusCode).toBe(200);
  });
});
