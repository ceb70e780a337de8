import { cancelSongRequestData, REQUEST_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  BOHEMIAN,
  cancelRequest,
  eventSeq,
  joined,
  sendRequest,
  signIn,
  signInMany,
  softDelete,
} from './request-factories.ts';

describe('POST /api/v1/cancel-song-request', () => {
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
    const event = await insertEvent(t, host.id);
    const fans = await signInMany(t, requesters);
    for (const fan of fans) {
      await joined(t, fan, event.code);
      await sendRequest(t, fan, event.id);
    }
    return { event, fans };
  }

  const requestersOf = async (eventId: number) =>
    (
      await t.ctx.db
        .selectFrom('song_requests')
        .select('attendee_id')
        .where('event_id', '=', eventId)
        .orderBy('attendee_id')
        .execute()
    ).map((row) => row.attendee_id);

  it('removes the caller’s own request and answers the song’s entry with one fewer', async () => {
    const { event, fans } = await eventWithRequests(2);
    const [ann, bob] = fans as [SignedIn, SignedIn];
    const seqBefore = await eventSeq(t, event.id);

    const res = await cancelRequest(t, ann, event.id, BOHEMIAN.song_id, { attendee_id: ann.id });

    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(REQUEST_MSG.cancelled);
    const data = cancelSongRequestData.parse(res.json().data);
    expect(data).toMatchObject({
      event_id: event.id,
      song_id: BOHEMIAN.song_id,
      grouped_song_request: { request_count: 1 },
    });
    expect(await requestersOf(event.id)).toEqual([bob.id]);
    expect(await eventSeq(t, event.id)).toBe(seqBefore + 1);
  });

  it('answers a null entry when the last requester cancels (the song leaves the queue)', async () => {
    const { event, fans } = await eventWithRequests(1);
    const res = await cancelRequest(t, fans[0] as SignedIn, event.id, BOHEMIAN.song_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.grouped_song_request).toBeNull();
    expect(await requestersOf(event.id)).toEqual([]);
  });

  it('cannot cancel someone else’s request: it is simply not theirs (404)', async () => {
    const { event, fans } = await eventWithRequests(1);
    const [other] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, other, event.code);

    const res = await cancelRequest(t, other, event.id, BOHEMIAN.song_id);

    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(REQUEST_MSG.notFound);
    expect(await requestersOf(event.id)).toEqual([(fans[0] as SignedIn).id]);
  });

  it('refuses a cancel in someone else’s name (403)', async () => {
    const { event, fans } = await eventWithRequests(2);
    const [ann, bob] = fans as [SignedIn, SignedIn];
    const res = await cancelRequest(t, ann, event.id, BOHEMIAN.song_id, { attendee_id: bob.id });
    expect(res.statusCode).toBe(403);
    expect(await requestersOf(event.id)).toHaveLength(2);
  });

  it('answers 404 twice in a row, for a deleted event and for a missing one', async () => {
    const { event, fans } = await eventWithRequests(1);
    const fan = fans[0] as SignedIn;
    expect((await cancelRequest(t, fan, event.id, BOHEMIAN.song_id)).statusCode).toBe(200);
    expect((await cancelRequest(t, fan, event.id, BOHEMIAN.song_id)).statusCode).toBe(404);

    const other = await eventWithRequests(1);
    await softDelete(t, other.event.id);
    const deleted = await cancelRequest(
      t,
      other.fans[0] as SignedIn,
      other.event.id,
      BOHEMIAN.song_id,
    );
    expect(deleted.statusCode).toBe(404);
    expect((await cancelRequest(t, fan, 2_000_000, BOHEMIAN.song_id)).statusCode).toBe(404);
  });

  it('lets a guest cancel their own request; needs a session; checks its fields', async () => {
    const event = await insertEvent(t, host.id);
    const guest = await signInGuest(t);
    await joined(t, guest, event.code);
    await sendRequest(t, guest, event.id);
    expect((await cancelRequest(t, guest, event.id, BOHEMIAN.song_id)).statusCode).toBe(200);

    const anonymous = await post(t, '/api/v1/cancel-song-request', {
      event_id: event.id,
      song_id: BOHEMIAN.song_id,
    });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await post(t, '/api/v1/cancel-song-request', { event_id: 'x' }, guest.headers);
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['event_id', 'song_id']);
  });
});
