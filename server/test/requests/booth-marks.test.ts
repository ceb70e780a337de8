import {
  attendeeEventDetailsSchema,
  hostEventDetailsSchema,
  markResult,
  REQUEST_MSG,
  REQUEST_RULE_MSG,
  upNext,
  UP_NEXT_SIZE,
  type HostEventDetails,
} from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  cancelRequest,
  eventSeq,
  GET_READY,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
  signIn,
  signInMany,
} from './request-factories.ts';

/**
 * The booth's marks (issue 14): playing, later, reject and restore beside
 * the spec's played, unplayed and delete. One song plays per event; playing
 * another makes the previous one played and ends every Later; a rejected
 * song leaves the queue for the night.
 */
describe('mark-as-song-request: the booth marks', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** An event whose queue holds Bohemian (2 requests), Agadoo and Get Ready (1 each). */
  async function night() {
    const event = await insertEvent(t, host.id, { name: 'Booth Night' });
    const fans = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    for (const fan of fans) {
      await joined(t, fan, event.code);
      await sendRequest(t, fan, event.id);
    }
    await sendRequest(t, fans[0], event.id, { song_id: AGADOO });
    await sendRequest(t, fans[1], event.id, { song_id: GET_READY });
    return { event, fans };
  }

  async function details(eventId: number): Promise<HostEventDetails> {
    const res = await get(t, `/api/v1/get-event-details?id=${eventId}`, host.headers);
    expect(res.statusCode).toBe(200);
    return hostEventDetailsSchema.parse(res.json().data);
  }

  const entryOf = (queue: HostEventDetails, songId: string) =>
    queue.grouped_song_requests.find((entry) => entry.song_id === songId);

  const mark = async (eventId: number, songId: string, markAs: string) => {
    const res = await markRequest(t, host, eventId, songId, markAs);
    expect(res.statusCode, res.body).toBe(200);
    return { msg: res.json().msg as string, data: markResult.parse(res.json().data) };
  };

  it('playing: the song becomes now playing (started_at), its requests wait while it plays; one seq', async () => {
    const { event } = await night();
    const seq = await eventSeq(t, event.id);
    const { msg, data } = await mark(event.id, BOHEMIAN.song_id, 'playing');
    expect(msg).toBe(REQUEST_MSG.markedPlaying);
    expect(data).toMatchObject({ song_id: BOHEMIAN.song_id, status: 0, request_count: 2 });
    expect(await eventSeq(t, event.id)).toBe(seq + 1);
    const after = await details(event.id);
    expect(after.now_playing).toMatchObject({ song_id: BOHEMIAN.song_id, status: 0 });
    expect(Date.parse(after.now_playing?.started_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Up next leaves the playing song out.
    expect(
      upNext(after.grouped_song_requests, BOHEMIAN.song_id, UP_NEXT_SIZE, 'most_requested').map(
        (e) => e.song_id,
      ),
    ).toEqual([AGADOO, GET_READY]);
    // Playing it again changes nothing.
    await mark(event.id, BOHEMIAN.song_id, 'playing');
    expect(await eventSeq(t, event.id)).toBe(seq + 1);
  });

  it('playing another song makes the previous one played; only one song plays', async () => {
    const { event } = await night();
    await mark(event.id, BOHEMIAN.song_id, 'playing');
    await mark(event.id, AGADOO, 'playing');
    const after = await details(event.id);
    expect(after.now_playing?.song_id).toBe(AGADOO);
    expect(entryOf(after, BOHEMIAN.song_id)).toMatchObject({ status: 1 });
    expect(entryOf(after, BOHEMIAN.song_id)?.played_at).toBeTruthy();
    expect(entryOf(after, AGADOO)).toMatchObject({ status: 0 });
    const rows = await t.ctx.db
      .selectFrom('song_requests')
      .select(['status', 'played_at'])
      .where('event_id', '=', event.id)
      .where('song_id', '=', BOHEMIAN.song_id)
      .execute();
    expect(rows.every((row) => row.status === 1 && row.played_at instanceof Date)).toBe(true);
    const playing = await t.ctx.db
      .selectFrom('events')
      .select('now_playing_song_id')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(playing.now_playing_song_id).toBe(AGADOO);
  });

  it('playing a played song puts its requests back to waiting (Undo of Play)', async () => {
    const { event } = await night();
    await mark(event.id, BOHEMIAN.song_id, 'playing');
    await mark(event.id, AGADOO, 'playing');
    // Undo: Agadoo back to waiting, Bohemian playing again.
    await mark(event.id, AGADOO, 'unplayed');
    await mark(event.id, BOHEMIAN.song_id, 'playing');
    const after = await details(event.id);
    expect(after.now_playing?.song_id).toBe(BOHEMIAN.song_id);
    expect(entryOf(after, BOHEMIAN.song_id)).toMatchObject({ status: 0, played_at: null });
    expect(entryOf(after, AGADOO)).toMatchObject({ status: 0 });
  });

  it('played and unplayed stop the song when it was playing', async () => {
    const { event } = await night();
    await mark(event.id, BOHEMIAN.song_id, 'playing');
    const played = await mark(event.id, BOHEMIAN.song_id, 'played');
    expect(played.data).toMatchObject({ status: 1 });
    expect((await details(event.id)).now_playing).toBeNull();

    await mark(event.id, AGADOO, 'playing');
    const seq = await eventSeq(t, event.id);
    // Its requests already wait: the mark still changes something (it stops).
    const stopped = await mark(event.id, AGADOO, 'unplayed');
    expect(stopped.data).toMatchObject({ status: 0 });
    expect(await eventSeq(t, event.id)).toBe(seq + 1);
    expect((await details(event.id)).now_playing).toBeNull();
  });

  it('later: below every waiting song until the DJ plays it or restores it, whatever else starts', async () => {
    const { event } = await night();
    const { msg, data } = await mark(event.id, BOHEMIAN.song_id, 'later');
    expect(msg).toBe(REQUEST_MSG.markedLater);
    expect(data).toMatchObject({ song_id: BOHEMIAN.song_id, later: true, status: 0 });
    let queue = await details(event.id);
    // Most requested, yet after the others.
    expect(queue.grouped_song_requests.map((entry) => entry.song_id)).toEqual([
      AGADOO,
      GET_READY,
      BOHEMIAN.song_id,
    ]);
    expect(
      upNext(queue.grouped_song_requests, null, UP_NEXT_SIZE, 'most_requested').map(
        (e) => e.song_id,
      ),
    ).toEqual([AGADOO, GET_READY]);

    const restored = await mark(event.id, BOHEMIAN.song_id, 'restore');
    expect(restored.msg).toBe(REQUEST_MSG.restored);
    expect(restored.data).toMatchObject({ later: false });

    await mark(event.id, BOHEMIAN.song_id, 'later');
    await mark(event.id, GET_READY, 'later');
    // Another song starts: both stay put off, below the waiting ones.
    await mark(event.id, AGADOO, 'playing');
    queue = await details(event.id);
    const laterOf = (songId: string) =>
      queue.grouped_song_requests.find((entry) => entry.song_id === songId)?.later;
    expect(laterOf(BOHEMIAN.song_id)).toBe(true);
    expect(laterOf(GET_READY)).toBe(true);
    expect(
      upNext(queue.grouped_song_requests, AGADOO, UP_NEXT_SIZE, 'most_requested').map(
        (e) => e.song_id,
      ),
    ).toEqual([]);

    // Playing a song put off ends its own Later, not the other's.
    await mark(event.id, GET_READY, 'playing');
    queue = await details(event.id);
    expect(laterOf(GET_READY)).toBe(false);
    expect(laterOf(BOHEMIAN.song_id)).toBe(true);
  });

  it('later on the playing song stops it', async () => {
    const { event } = await night();
    await mark(event.id, AGADOO, 'playing');
    await mark(event.id, AGADOO, 'later');
    const after = await details(event.id);
    expect(after.now_playing).toBeNull();
    expect(entryOf(after, AGADOO)).toMatchObject({ later: true, status: 0 });
  });

  it('reject: the song leaves the host’s queue and its requesters’ lists, new requests are refused; restore brings it back', async () => {
    const { event, fans } = await night();
    await mark(event.id, BOHEMIAN.song_id, 'playing');
    const { msg, data } = await mark(event.id, BOHEMIAN.song_id, 'reject');
    expect(msg).toBe(REQUEST_MSG.markedRejected);
    expect(data).toEqual({ removed: true, event_id: event.id, song_id: BOHEMIAN.song_id });

    const after = await details(event.id);
    expect(after.now_playing).toBeNull();
    expect(entryOf(after, BOHEMIAN.song_id)).toBeUndefined();
    const mine = await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, fans[0].headers);
    const own = attendeeEventDetailsSchema.parse(mine.json().data).song_requests;
    expect(own.map((request) => request.song_id)).toEqual([AGADOO]);

    // Nobody may ask for it again tonight, not even someone who had.
    const [late] = (await signInMany(t, 1, 'Late')) as [SignedIn];
    await joined(t, late, event.code);
    for (const who of [late, fans[0]]) {
      const refused = await sendRequest(t, who, event.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().msg).toBe(REQUEST_RULE_MSG.blocked);
    }
    // Other marks do not find it; rejecting again changes nothing.
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'playing')).statusCode).toBe(
      404,
    );
    const seq = await eventSeq(t, event.id);
    await mark(event.id, BOHEMIAN.song_id, 'reject');
    expect(await eventSeq(t, event.id)).toBe(seq);

    // Undo of Reject.
    const back = await mark(event.id, BOHEMIAN.song_id, 'restore');
    expect(back.data).toMatchObject({ song_id: BOHEMIAN.song_id, request_count: 2, later: false });
    expect(entryOf(await details(event.id), BOHEMIAN.song_id)).toBeDefined();
    expect((await sendRequest(t, late, event.id)).statusCode).toBe(201);
  });

  it('a rejection outlives its requests (cancelled, deleted): the song stays refused', async () => {
    const { event, fans } = await night();
    await mark(event.id, GET_READY, 'reject');
    await mark(event.id, GET_READY, 'delete');
    const refused = await sendRequest(t, fans[0], event.id, { song_id: GET_READY });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe(REQUEST_RULE_MSG.blocked);
  });

  it('delete of the playing song stops it; a guest’s cancel or leave never touches it', async () => {
    const { event, fans } = await night();
    await mark(event.id, BOHEMIAN.song_id, 'playing');
    await mark(event.id, BOHEMIAN.song_id, 'delete');
    expect((await details(event.id)).now_playing).toBeNull();

    await sendRequest(t, fans[1], event.id, { song_id: AGADOO });
    await mark(event.id, AGADOO, 'playing');
    const seq = await eventSeq(t, event.id);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cancel-song-request',
      headers: fans[0].headers,
      payload: { event_id: event.id, song_id: AGADOO },
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().msg).toBe(REQUEST_MSG.cannotCancelPlaying);
    expect(await eventSeq(t, event.id)).toBe(seq);
    expect((await details(event.id)).now_playing?.song_id).toBe(AGADOO);

    // Leaving keeps the playing song's request too; the guest's waiting ones go.
    const left = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leave-event',
      headers: fans[0].headers,
      payload: { event_id: event.id },
    });
    expect(left.statusCode).toBe(200);
    const after = await details(event.id);
    expect(after.now_playing?.song_id).toBe(AGADOO);
    expect(after.grouped_song_requests.some((entry) => entry.song_id === AGADOO)).toBe(true);

    // Once played, the guest's cancel is refused as well, and the set list keeps it.
    await mark(event.id, AGADOO, 'played');
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cancel-song-request',
      headers: fans[1].headers,
      payload: { event_id: event.id, song_id: AGADOO },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(REQUEST_MSG.cannotCancelPlayed);
    const played = (await details(event.id)).grouped_song_requests.find(
      (entry) => entry.song_id === AGADOO,
    );
    expect(played).toMatchObject({ status: 1 });
  });

  it('only the event’s host marks: another host, a requester and a missing event get 404 and nothing changes', async () => {
    const { event, fans } = await night();
    const other = await signIn(t, { name: 'Other Host' });
    const seq = await eventSeq(t, event.id);
    for (const markAs of ['playing', 'later', 'reject', 'restore']) {
      for (const who of [other, fans[0]]) {
        expect((await markRequest(t, who, event.id, BOHEMIAN.song_id, markAs)).statusCode).toBe(
          404,
        );
      }
      expect((await markRequest(t, host, 2_000_000, BOHEMIAN.song_id, markAs)).statusCode).toBe(
        404,
      );
      const unknown = await markRequest(t, host, event.id, 'itunes-404', markAs);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().msg).toBe(REQUEST_MSG.notFound);
    }
    expect(await eventSeq(t, event.id)).toBe(seq);
    expect((await details(event.id)).now_playing).toBeNull();
  });

  it('attendees who joined see now playing; a viewer who has not joined sees null', async () => {
    const { event, fans } = await night();
    await mark(event.id, AGADOO, 'playing');
    const [stranger] = (await signInMany(t, 1, 'Stranger')) as [SignedIn];
    const seen = async (who: SignedIn) => {
      const res = await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, who.headers);
      return attendeeEventDetailsSchema.parse(res.json().data).now_playing;
    };
    expect(await seen(fans[1])).toMatchObject({ song_id: AGADOO });
    expect(await seen(stranger)).toBeNull();
  });

  it('explicit songs: refused while the host takes none, taken otherwise', async () => {
    const event = await insertEvent(t, host.id);
    const [fan] = (await signInMany(t, 1, 'Explicit')) as [SignedIn];
    await joined(t, fan, event.code);
    const settings = await t.app.inject({
      method: 'POST',
      url: '/api/v1/update-request-settings',
      headers: host.headers,
      payload: { event_id: event.id, allow_explicit: false },
    });
    expect(settings.statusCode).toBe(200);
    const catalogExplicit = await sendRequest(t, fan, event.id, {
      song_id: 'cat-eminem--the-real-slim-shady',
    });
    expect(catalogExplicit.statusCode).toBe(422);
    expect(catalogExplicit.json().msg).toBe(REQUEST_RULE_MSG.explicit);
    const marked = await sendRequest(t, fan, event.id, itunesSong('x', { explicit: true }));
    expect(marked.statusCode).toBe(422);
    expect((await sendRequest(t, fan, event.id, itunesSong('clean'))).statusCode).toBe(201);
    expect((await sendRequest(t, fan, event.id)).statusCode).toBe(201);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/update-request-settings',
      headers: host.headers,
      payload: { event_id: event.id, allow_explicit: true },
    });
    expect(
      (await sendRequest(t, fan, event.id, { song_id: 'cat-eminem--the-real-slim-shady' }))
        .statusCode,
    ).toBe(201);
  });

  it('an explicit song in the queue: its +1 without the mark is refused while the host takes none, until no marked request is left', async () => {
    const event = await insertEvent(t, host.id);
    const [marker, plain, later] = (await signInMany(t, 3, 'PlusOne')) as [
      SignedIn,
      SignedIn,
      SignedIn,
    ];
    for (const fan of [marker, plain, later]) await joined(t, fan, event.code);
    const song = itunesSong('marked');
    // The search result's mark, then a +1 as the web sends it from the queue: no mark.
    expect((await sendRequest(t, marker, event.id, { ...song, explicit: true })).statusCode).toBe(
      201,
    );
    expect((await sendRequest(t, plain, event.id, song)).statusCode).toBe(201);
    const settings = (change: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/update-request-settings',
        headers: host.headers,
        payload: { event_id: event.id, ...change },
      });
    expect((await settings({ allow_explicit: false })).statusCode).toBe(200);
    const seqBefore = await eventSeq(t, event.id);

    const plusOne = await sendRequest(t, later, event.id, song);
    expect(plusOne.statusCode).toBe(422);
    expect(plusOne.json().msg).toBe(REQUEST_RULE_MSG.explicit);
    // The careful path (a control on) judges the entry's mark the same way.
    expect((await settings({ max_open_requests_per_guest: 5 })).statusCode).toBe(200);
    const underRules = await sendRequest(t, later, event.id, song);
    expect(underRules.statusCode).toBe(422);
    expect(underRules.json().msg).toBe(REQUEST_RULE_MSG.explicit);
    const queued = (await details(event.id)).grouped_song_requests;
    expect(queued.find((entry) => entry.song_id === song.song_id)?.request_count).toBe(2);
    expect(await eventSeq(t, event.id)).toBe(seqBefore + 1);

    // The marked request leaves: the entry keeps only unmarked ones, and takes a +1 again.
    expect((await cancelRequest(t, marker, event.id, song.song_id)).statusCode).toBe(200);
    expect((await sendRequest(t, later, event.id, song)).statusCode).toBe(201);
    const after = (await details(event.id)).grouped_song_requests;
    expect(after.find((entry) => entry.song_id === song.song_id)?.request_count).toBe(2);
  });

  it('catalog search results carry the explicit mark', async () => {
    const res = await get(t, '/api/v1/get-search-song-list?q=slim%20shady', host.headers);
    expect(res.statusCode).toBe(200);
    const songs = res.json().data as Array<{ song_id: string; explicit: boolean }>;
    expect(songs.find((song) => song.song_id === 'cat-eminem--the-real-slim-shady')?.explicit).toBe(
      true,
    );
    const clean = await get(t, '/api/v1/get-search-song-list?q=agadoo', host.headers);
    expect((clean.json().data as Array<{ explicit: boolean }>)[0]?.explicit).toBe(false);
  });
});
