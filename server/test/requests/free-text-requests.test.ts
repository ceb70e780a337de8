import { randomUUID } from 'node:crypto';
import {
  DEFAULT_ALBUM_NAME,
  DEFAULT_SONG_DURATION,
  FREE_TEXT_SONG_ID_PREFIX,
  freeTextSongId,
  hostEventDetailsSchema,
  MSG,
  REQUEST_MSG,
  REQUEST_RULE_MSG,
  SONG_TEXT_MAX,
  type HostEventDetails,
} from '@floorfill/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  BOHEMIAN,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
  signIn,
} from './request-factories.ts';

/**
 * Free-text requests (issue 15, "Request “…” anyway"): a song the search did
 * not find, sent as the title and artist the guest typed. The server makes
 * its song id from the typed words, so the same song typed by many guests is
 * one entry with a count, whatever id, artwork or link the client sent; the
 * host's queue marks it `free_text`. Every other request answers as before.
 */

const WONDERWALL = { song_name: 'Wonderwall', song_artist: 'Oasis' };
const WONDERWALL_ID = freeTextSongId('Wonderwall', 'Oasis');

describe('send-song-request with free_text', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Typo Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function liveEvent(guests = 1) {
    const event = await insertEvent(t, host.id);
    const fans: SignedIn[] = [];
    for (let index = 0; index < guests; index += 1) {
      const fan = await signInGuest(t);
      await joined(t, fan, event.code);
      fans.push(fan);
    }
    return { event, fans };
  }

  async function hostQueue(eventId: number): Promise<HostEventDetails> {
    const res = await get(t, `/api/v1/get-event-details?id=${eventId}`, host.headers);
    expect(res.statusCode, res.body).toBe(200);
    return hostEventDetailsSchema.parse(res.json().data);
  }

  const typed = (song: Record<string, unknown>) => ({
    song_id: 'anything',
    free_text: true,
    ...song,
  });

  function groupedOf(res: LightMyRequestResponse) {
    return (res.json() as { data: { grouped_song_request: Record<string, unknown> } }).data
      .grouped_song_request;
  }

  it('merges the same typed song from two guests into one marked entry, however it was typed', async () => {
    const { event, fans } = await liveEvent(2);
    const [first, second] = fans as [SignedIn, SignedIn];

    const one = await sendRequest(t, first, event.id, typed(WONDERWALL));
    const two = await sendRequest(
      t,
      second,
      event.id,
      typed({ song_name: '  wonderWALL ', song_artist: 'OASIS  ' }),
    );

    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode, two.body).toBe(201);
    expect(groupedOf(two)).toMatchObject({
      song_id: WONDERWALL_ID,
      song_name: 'Wonderwall',
      song_artist: 'Oasis',
      request_count: 2,
      free_text: true,
    });
    const queue = await hostQueue(event.id);
    expect(queue.grouped_song_requests).toHaveLength(1);
    expect(queue.grouped_song_requests[0]).toMatchObject({
      song_id: WONDERWALL_ID,
      request_count: 2,
      free_text: true,
    });
  });

  it('stores the words as typed, tidied, and only the words: no artwork, link, album, length or explicit mark', async () => {
    const { event, fans } = await liveEvent();
    // The host takes no explicit songs: a typed song's claimed mark is not its.
    await t.ctx.db
      .updateTable('events')
      .set({ allow_explicit: false })
      .where('id', '=', event.id)
      .execute();

    const res = await sendRequest(
      t,
      fans[0] as SignedIn,
      event.id,
      typed({
        song_name: ' Hey   Jude ',
        song_artist: '',
        song_image: 'https://is1-ssl.mzstatic.com/image/thumb/art.jpg',
        song_link: 'https://evil.example/phish',
        album_name: 'Forged Album',
        song_duration: 999,
        explicit: true,
      }),
    );

    expect(res.statusCode, res.body).toBe(201);
    const { song_request: request } = res.json().data as { song_request: Record<string, unknown> };
    expect(request).toMatchObject({
      song_id: freeTextSongId('Hey Jude', null),
      song_name: 'Hey Jude',
      song_artist: null,
      album_name: DEFAULT_ALBUM_NAME,
      song_image: null,
      song_link: null,
      song_duration: DEFAULT_SONG_DURATION,
    });
    expect(groupedOf(res)).toMatchObject({ song_image: null, song_link: null, free_text: true });
  });

  it('never takes the catalog id a free-text request names', async () => {
    const { event, fans } = await liveEvent();

    const res = await sendRequest(
      t,
      fans[0] as SignedIn,
      event.id,
      typed({ song_id: BOHEMIAN.song_id, song_name: 'Not Bohemian', song_artist: 'Me' }),
    );

    expect(res.statusCode, res.body).toBe(201);
    expect(groupedOf(res)).toMatchObject({
      song_id: freeTextSongId('Not Bohemian', 'Me'),
      song_name: 'Not Bohemian',
      free_text: true,
    });
    const queue = await hostQueue(event.id);
    expect(queue.grouped_song_requests.map((song) => song.song_id)).not.toContain(BOHEMIAN.song_id);
  });

  it('treats a request naming a typed song id as typed: its id comes from its words, not the sender', async () => {
    const { event, fans } = await liveEvent(2);
    const [first, second] = fans as [SignedIn, SignedIn];
    await sendRequest(t, first, event.id, typed(WONDERWALL));

    // A +1 of the typed song as any request names it (as an older phone would send it).
    const plusOne = await sendRequest(t, second, event.id, {
      song_id: WONDERWALL_ID,
      ...WONDERWALL,
    });
    // A made-up typed id with artwork attached: the words decide the id, the artwork goes.
    const forged = await sendRequest(t, first, event.id, {
      song_id: `${FREE_TEXT_SONG_ID_PREFIX}0123456789abcdef`,
      song_name: 'Forged',
      song_image: 'https://is1-ssl.mzstatic.com/image/thumb/art.jpg',
    });

    expect(plusOne.statusCode, plusOne.body).toBe(201);
    expect(groupedOf(plusOne)).toMatchObject({ song_id: WONDERWALL_ID, request_count: 2 });
    expect(forged.statusCode, forged.body).toBe(201);
    expect(groupedOf(forged)).toMatchObject({
      song_id: freeTextSongId('Forged', null),
      song_image: null,
      free_text: true,
    });
  });

  it('refuses a free-text request without a title, or with too long a title or artist', async () => {
    const { event, fans } = await liveEvent();
    const fan = fans[0] as SignedIn;

    const untitled = await sendRequest(t, fan, event.id, typed({ song_name: '   ' }));
    const long = await sendRequest(
      t,
      fan,
      event.id,
      typed({
        song_name: 'x'.repeat(SONG_TEXT_MAX + 1),
        song_artist: 'y'.repeat(SONG_TEXT_MAX + 1),
      }),
    );
    const control = await sendRequest(t, fan, event.id, typed({ song_name: 'Bad\u0007Song' }));

    expect(untitled.statusCode).toBe(422);
    expect(untitled.json().errors).toEqual({ song_name: [MSG.fieldRequired] });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors as object).sort()).toEqual(['song_artist', 'song_name']);
    expect(control.statusCode).toBe(422);
    expect((await hostQueue(event.id)).grouped_song_requests).toHaveLength(0);
  });

  it('answers a repeated idempotency key with the first answer, free_text included', async () => {
    const { event, fans } = await liveEvent();
    const fan = fans[0] as SignedIn;
    const key = randomUUID();

    const first = await sendRequest(t, fan, event.id, {
      ...typed(WONDERWALL),
      client_request_id: key,
    });
    const again = await sendRequest(t, fan, event.id, {
      ...typed(WONDERWALL),
      client_request_id: key,
    });
    const repeat = await sendRequest(t, fan, event.id, typed(WONDERWALL));

    expect(first.statusCode, first.body).toBe(201);
    expect(groupedOf(first)).toMatchObject({ song_id: WONDERWALL_ID, free_text: true });
    expect(again.body).toBe(first.body);
    expect(again.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().msg).toBe(REQUEST_MSG.alreadyRequested);
    expect((await hostQueue(event.id)).grouped_song_requests[0]?.request_count).toBe(1);
  });

  it('answers every other request as before, marked as not typed', async () => {
    const { event, fans } = await liveEvent();
    const fan = fans[0] as SignedIn;

    const catalog = await sendRequest(t, fan, event.id, { song_id: BOHEMIAN.song_id });
    const itunes = await sendRequest(t, fan, event.id, {
      ...itunesSong('plain'),
      free_text: false,
    });

    expect(catalog.statusCode, catalog.body).toBe(201);
    expect(groupedOf(catalog)).toMatchObject({
      song_id: BOHEMIAN.song_id,
      song_name: BOHEMIAN.song_name,
      free_text: false,
    });
    expect(itunes.statusCode, itunes.body).toBe(201);
    expect(groupedOf(itunes)).toMatchObject({
      song_id: 'itunes-plain',
      song_name: 'Track plain',
      album_name: 'Some Album',
      song_duration: 200,
      free_text: false,
    });
  });

  it('lets the host mark and reject a typed song like any other', async () => {
    const { event, fans } = await liveEvent(2);
    const [first, second] = fans as [SignedIn, SignedIn];
    await sendRequest(t, first, event.id, typed(WONDERWALL));

    const playing = await markRequest(t, host, event.id, WONDERWALL_ID, 'playing');
    expect(playing.statusCode, playing.body).toBe(200);
    expect((await hostQueue(event.id)).now_playing).toMatchObject({
      song_id: WONDERWALL_ID,
      free_text: true,
    });

    expect((await markRequest(t, host, event.id, WONDERWALL_ID, 'reject')).statusCode).toBe(200);
    // Typed again, any way: the same song, still rejected.
    const again = await sendRequest(
      t,
      second,
      event.id,
      typed({ song_name: 'WONDERWALL', song_artist: 'oasis' }),
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe(REQUEST_RULE_MSG.blocked);
  });
});
