import {
  attendeeEventDetailsSchema,
  DEDICATION_MAX,
  sendSongRequestData,
  songRequestersData,
} from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { AGADOO, BOHEMIAN, joined, sendRequest, signIn, signInMany } from './request-factories.ts';

/**
 * Dedications (issue 14): a request may carry a one-line message of at most
 * 140 characters for the DJ. The host reads it; the guest who sent it sees
 * it on their own request; nobody else ever does.
 */
describe('dedications on song requests', () => {
  let t: TestApp;
  let host: SignedIn;
  let event: { id: number; code: string };
  let ann: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    event = await insertEvent(t, host.id);
    [ann, bob] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    await joined(t, ann, event.code);
    await joined(t, bob, event.code);
  });
  afterAll(async () => {
    await t.close();
  });

  const rowCount = async () => {
    const row = await t.ctx.db
      .selectFrom('song_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('refuses a message over 140 characters, on several lines or with control characters, and writes nothing', async () => {
    const before = await rowCount();
    const cases: Array<[string, string]> = [
      ['x'.repeat(DEDICATION_MAX + 1), `Must be at most ${DEDICATION_MAX} characters.`],
      ['Happy\nbirthday', 'Must be a single line.'],
      ['Happy\tbirthday', 'Must not contain control characters.'],
      ['Happy\u0007birthday', 'Must not contain control characters.'],
      ['Happy\u0085birthday', 'Must not contain control characters.'],
    ];
    for (const [message, error] of cases) {
      const res = await sendRequest(t, ann, event.id, { song_id: BOHEMIAN.song_id, message });
      expect(res.statusCode, JSON.stringify(message)).toBe(422);
      expect(res.json().errors.message).toContain(error);
    }
    const wrongType = await sendRequest(t, ann, event.id, {
      song_id: BOHEMIAN.song_id,
      message: 5,
    });
    expect(wrongType.statusCode).toBe(422);
    expect(await rowCount()).toBe(before);
  });

  it('takes 140 characters; trims; an empty message is none', async () => {
    const exact = 'y'.repeat(DEDICATION_MAX);
    const res = await sendRequest(t, ann, event.id, { song_id: BOHEMIAN.song_id, message: exact });
    expect(res.statusCode).toBe(201);
    const data = sendSongRequestData.parse(res.json().data);
    expect(data.song_request.message).toBe(exact);
    expect(data.grouped_song_request.dedication_count).toBe(1);
    const trimmed = await sendRequest(t, ann, event.id, {
      song_id: 'cat-2-unlimited--no-limit',
      message: '  Play it loud  ',
    });
    expect(sendSongRequestData.parse(trimmed.json().data).song_request.message).toBe(
      'Play it loud',
    );

    const blank = await sendRequest(t, bob, event.id, { song_id: BOHEMIAN.song_id, message: '  ' });
    expect(blank.statusCode).toBe(201);
    const blankData = sendSongRequestData.parse(blank.json().data);
    expect(blankData.song_request.message).toBeNull();
    expect(blankData.grouped_song_request).toMatchObject({ request_count: 2, dedication_count: 1 });
  });

  it('the host reads every message of a song; each guest sees only their own', async () => {
    await sendRequest(t, bob, event.id, { song_id: AGADOO, message: 'For Ann, from Bob' });

    const requesters = await get(
      t,
      `/api/v1/get-song-requesters?event_id=${event.id}&song_id=${AGADOO}`,
      host.headers,
    );
    expect(requesters.statusCode).toBe(200);
    expect(songRequestersData.parse(requesters.json().data)).toEqual([
      expect.objectContaining({ attendee_id: bob.id, message: 'For Ann, from Bob' }),
    ]);

    const view = async (who: SignedIn) => {
      const res = await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, who.headers);
      return attendeeEventDetailsSchema.parse(res.json().data).song_requests;
    };
    expect((await view(bob)).map((request) => request.message)).toEqual([
      null,
      'For Ann, from Bob',
    ]);
    const annSees = await view(ann);
    expect(annSees.every((request) => request.attendee_id === ann.id)).toBe(true);
    expect(JSON.stringify(annSees)).not.toContain('For Ann, from Bob');

    // A guest cannot read the requesters list (host only).
    const refused = await get(
      t,
      `/api/v1/get-song-requesters?event_id=${event.id}&song_id=${AGADOO}`,
      ann.headers,
    );
    expect(refused.statusCode).toBe(404);
  });
});
