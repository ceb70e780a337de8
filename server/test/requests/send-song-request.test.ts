import { MSG, REQUEST_MSG, sendSongRequestData } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  insertEvent,
  multipartForm,
  postForm,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  BOHEMIAN,
  eventSeq,
  itunesSong,
  joined,
  sendRequest,
  signIn,
  signInMany,
  softDelete,
} from './request-factories.ts';

describe('POST /api/v1/send-song-request', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  const rowsOf = (eventId: number) =>
    t.ctx.db
      .selectFrom('song_requests')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute();

  async function joinedFan(eventCode: string, name?: string): Promise<SignedIn> {
    const fan = await signIn(t, { defaultLogin: 3, ...(name ? { name } : {}) });
    await joined(t, fan, eventCode);
    return fan;
  }

  it('stores a catalog song as the catalog has it, whatever the client says, and answers row and queue entry', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await joinedFan(event.code, 'Ann Fan');

    const res = await sendRequest(t, fan, event.id, {
      song_id: BOHEMIAN.song_id,
      song_name: 'Spoofed Title',
      song_artist: 'Not Queen',
      album_name: 'Fake',
      song_duration: 1,
      song_image: 'https://evil.example/x.png',
      attendee_id: fan.id,
      attendee_name: 'Someone Else',
    });

    expect(res.statusCode).toBe(201);
    expect(res.json().msg).toBe(REQUEST_MSG.requested);
    const data = sendSongRequestData.parse(res.json().data);
    expect(data.created).toBe(true);
    expect(data.song_request).toMatchObject({
      event_id: event.id,
      attendee_id: fan.id,
      attendee_name: 'Ann Fan',
      song_id: BOHEMIAN.song_id,
      song_name: BOHEMIAN.song_name,
      song_artist: BOHEMIAN.song_artist,
      album_name: BOHEMIAN.album_name,
      song_duration: BOHEMIAN.song_duration,
      song_image: null,
      status: 0,
    });
    expect(data.grouped_song_request).toMatchObject({
      song_id: BOHEMIAN.song_id,
      request_count: 1,
      status: 0,
      played_at: null,
    });
    expect(await eventSeq(t, event.id)).toBe(2);
  });

  it('takes another provider’s song as sent, with the spec’s defaults (album N/A, duration 5)', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await joinedFan(event.code);

    const res = await sendRequest(t, fan, event.id, {
      song_id: 'itunes-1440857781',
      song_name: '  Levitating ',
      song_artist: 'Dua Lipa',
      album_name: '',
      song_image: 'https://is1-ssl.mzstatic.com/image/thumb/x/100x100bb.jpg',
      song_link: '',
      song_duration: '',
    });

    expect(res.statusCode).toBe(201);
    expect(res.json().data.song_request).toMatchObject({
      song_id: 'itunes-1440857781',
      song_name: 'Levitating',
      song_artist: 'Dua Lipa',
      album_name: 'N/A',
      song_duration: 5,
      song_image: 'https://is1-ssl.mzstatic.com/image/thumb/x/100x100bb.jpg',
      song_link: null,
    });
  });

  it('reads a multipart form as the spec’s client sends it', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await joinedFan(event.code);
    const form = multipartForm({
      event_id: String(event.id),
      attendee_id: String(fan.id),
      song_id: 'soundcloud-123',
      song_name: 'Form Song',
      song_artist: 'Form Artist',
      album_name: 'N/A',
      song_duration: '187.4',
      song_image: '',
      song_link: '',
      attendee_name: 'x',
    });
    const res = await postForm(t, '/api/v1/send-song-request', form, fan.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.song_request).toMatchObject({ song_duration: 187, song_image: null });
  });

  it('counts a repeat once: 200 with the existing entry, one row, no seq bump', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await joinedFan(event.code);
    const first = await sendRequest(t, fan, event.id);
    const seqAfterFirst = await eventSeq(t, event.id);

    const again = await sendRequest(t, fan, event.id);

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      msg: REQUEST_MSG.alreadyRequested,
      data: { created: false, grouped_song_request: { request_count: 1 } },
    });
    expect(again.json().data.song_request.id).toBe(first.json().data.song_request.id);
    expect(await rowsOf(event.id)).toHaveLength(1);
    expect(await eventSeq(t, event.id)).toBe(seqAfterFirst);
  });

  it('groups the same song from several attendees into one entry counting each attendee', async () => {
    const event = await insertEvent(t, host.id);
    const fans = [await joinedFan(event.code), await joinedFan(event.code)];
    const guest = await signInGuest(t);
    await joined(t, guest, event.code);

    for (const who of [...fans, guest]) await sendRequest(t, who, event.id);
    const res = await get(t, `/api/v1/get-event-details?id=${event.id}`, host.headers);

    expect(res.json().data.grouped_song_requests).toEqual([
      expect.objectContaining({ song_id: BOHEMIAN.song_id, request_count: 3 }),
    ]);
  });

  it('refuses someone who has not joined (403) and says how to fix it', async () => {
    const event = await insertEvent(t, host.id);
    const stranger = await signIn(t, { defaultLogin: 3 });
    const res = await sendRequest(t, stranger, event.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: false, msg: REQUEST_MSG.joinFirst });
    expect(await rowsOf(event.id)).toEqual([]);
  });

  it('answers 404 for a deleted or missing event', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await joinedFan(event.code);
    await softDelete(t, event.id);
    expect((await sendRequest(t, fan, event.id)).statusCode).toBe(404);
    expect((await sendRequest(t, fan, 2_000_000)).statusCode).toBe(404);
  });

  it('refuses a request once the event has ended (409, "This event has ended.")', async () => {
    const event = await insertEvent(t, host.id, {
      start: '2020-01-01T20:00:00Z',
      end: '2020-01-02T02:00:00Z',
    });
    const fan = await joinedFan(event.code);
    const res = await sendRequest(t, fan, event.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: false, msg: REQUEST_MSG.eventEnded });
  });

  it('refuses a request made in someone else’s name (403)', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await joinedFan(event.code);
    const other = await joinedFan(event.code);
    const res = await sendRequest(t, fan, event.id, {
      song_id: BOHEMIAN.song_id,
      attendee_id: other.id,
    });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(event.id)).toEqual([]);
  });

  it('lets a guest who joined request songs', async () => {
    const event = await insertEvent(t, host.id);
    const guest = await signInGuest(t);
    await joined(t, guest, event.code);
    const res = await sendRequest(t, guest, event.id, itunesSong('42'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.song_request).toMatchObject({ attendee_id: guest.id });
  });

  it('answers 422 with field errors for what a client can get wrong, never 5xx', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await joinedFan(event.code);
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ song_id: 'cat-nobody--no-such-song' }, 'song_id', REQUEST_MSG.unknownSong],
      [{ song_id: 'itunes-1' }, 'song_name', MSG.fieldRequired],
      [{}, 'song_id', MSG.fieldRequired],
      [{ song_id: 'has spaces' }, 'song_id'],
      [{ song_id: 'x'.repeat(201) }, 'song_id'],
      [itunesSong('2', { song_name: 'x'.repeat(301) }), 'song_name'],
      [itunesSong('3', { song_link: 'javascript:alert(1)' }), 'song_link'],
      [itunesSong('4', { song_image: 'data:image/png;base64,AAAA' }), 'song_image'],
      [itunesSong('5', { song_duration: -1 }), 'song_duration'],
      [itunesSong('6', { song_duration: 'long' }), 'song_duration'],
      [itunesSong('7', { song_duration: 1e9 }), 'song_duration'],
    ];
    for (const [song, field, message] of cases) {
      const res = await sendRequest(t, fan, event.id, song);
      expect(res.statusCode, JSON.stringify(song)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    }
    const noEvent = await post(
      t,
      '/api/v1/send-song-request',
      { song_id: 'itunes-1' },
      fan.headers,
    );
    expect(noEvent.statusCode).toBe(422);
    expect(noEvent.json().errors).toHaveProperty('event_id');
    expect(await rowsOf(event.id)).toEqual([]);
  });

  it('needs a session (401)', async () => {
    const event = await insertEvent(t, host.id);
    const res = await post(t, '/api/v1/send-song-request', {
      event_id: event.id,
      song_id: BOHEMIAN.song_id,
    });
    expect(res.statusCode).toBe(401);
  });

  it('counts 50 attendees requesting one song at once exactly: one entry of 50, 50 rows, seq +50 without duplicates', async () => {
    const event = await insertEvent(t, host.id);
    const fans = await signInMany(t, 50);
    for (const fan of fans) await joined(t, fan, event.code);
    const seqBefore = await eventSeq(t, event.id);

    const answers = await Promise.all(fans.map((fan) => sendRequest(t, fan, event.id)));

    expect(answers.map((res) => res.statusCode)).toEqual(fans.map(() => 201));
    const counts = answers.map((res) => res.json().data.grouped_song_request.request_count);
    expect(new Set(counts).size).toBe(50);
    expect(Math.max(...counts)).toBe(50);
    expect(await rowsOf(event.id)).toHaveLength(50);
    expect(await eventSeq(t, event.id)).toBe(seqBefore + 50);
    const details = await get(t, `/api/v1/get-event-details?id=${event.id}`, host.headers);
    expect(details.json().data.grouped_song_requests).toEqual([
      expect.objectContaining({ song_id: BOHEMIAN.song_id, request_count: 50 }),
    ]);
  });

  it('counts 30 attendees sending the same request twice at once as 30', async () => {
    const event = await insertEvent(t, host.id);
    const fans = await signInMany(t, 30, 'Twice');
    for (const fan of fans) await joined(t, fan, event.code);

    const answers = await Promise.all(
      [...fans, ...fans].map((fan) => sendRequest(t, fan, event.id)),
    );

    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(await rowsOf(event.id)).toHaveLength(30);
  });
});
