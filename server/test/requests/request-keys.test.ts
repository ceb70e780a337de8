import { randomUUID } from 'node:crypto';
import {
  attendeeEventDetailsSchema,
  CLIENT_REQUEST_ID_MSG,
  CLIENT_REQUEST_ID_TTL_SECONDS,
  REQUEST_MSG,
  REQUEST_RULE_MSG,
} from '@floorfill/shared';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pruneExpiredRows } from '../../src/maintenance/prune-expired.ts';
import { get, insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  cancelRequest,
  eventSeq,
  GET_READY,
  itunesSong,
  joined,
  sendRequest,
  signIn,
} from './request-factories.ts';

/**
 * send-song-request's `client_request_id` (issue 15): a phone that sends a
 * request again — it was offline, or the answer got lost — names it with the
 * same key, and the server answers the first answer again (same status,
 * message and data) and writes nothing, whether the repeat comes after the
 * first or at the same time, and even after the request was cancelled.
 * Refusals are not kept: a retry of a refused request is judged again.
 */

/** What an answer is, for "the same answer": status, message and data. */
function answerOf(res: LightMyRequestResponse) {
  const body = res.json() as { msg: string; data: unknown };
  return { status: res.statusCode, msg: body.msg, data: body.data };
}

describe('send-song-request with a client_request_id', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Kee Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  const rowsOf = (eventId: number) =>
    t.ctx.db
      .selectFrom('song_requests')
      .select(['id', 'attendee_id', 'song_id'])
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute();

  const keysOf = (userId: number) =>
    t.ctx.db
      .selectFrom('song_request_keys')
      .select(['client_request_id', 'status_code'])
      .where('user_id', '=', userId)
      .execute();

  async function liveEvent() {
    const event = await insertEvent(t, host.id);
    const fan = await signInGuest(t);
    await joined(t, fan, event.code);
    return { event, fan };
  }

  const keyed = (key: string, song: Record<string, unknown> = { song_id: BOHEMIAN.song_id }) => ({
    ...song,
    client_request_id: key,
  });

  it('answers the same key twice with the first answer and one request row', async () => {
    const { event, fan } = await liveEvent();
    const key = randomUUID();

    const first = await sendRequest(t, fan, event.id, keyed(key));
    const again = await sendRequest(t, fan, event.id, keyed(key));

    expect(first.statusCode).toBe(201);
    expect(first.json().msg).toBe(REQUEST_MSG.requested);
    expect(answerOf(again)).toEqual(answerOf(first));
    // The very same bytes, not just an equal reading of them.
    expect(again.body).toBe(first.body);
    expect(await rowsOf(event.id)).toHaveLength(1);
    expect(await eventSeq(t, event.id)).toBe(2);
  });

  it('answers a key as the request without one would be answered, field for field', async () => {
    const { event, fan } = await liveEvent();
    const song = itunesSong('key-shape', { message: 'For Sam' });

    const res = await sendRequest(t, fan, event.id, keyed(randomUUID(), song));

    expect(res.statusCode).toBe(201);
    const details = attendeeEventDetailsSchema.parse(
      (await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, fan.headers)).json().data,
    );
    const { data } = res.json() as {
      data: { song_request: unknown; grouped_song_request: unknown; created: boolean };
    };
    // The key's answer is built in SQL; the details are shaped in TypeScript: they agree.
    expect(data.song_request).toEqual(details.song_requests[0]);
    expect(data.created).toBe(true);
    expect(data.grouped_song_request).toEqual({
      event_id: event.id,
      song_id: 'itunes-key-shape',
      song_name: 'Track key-shape',
      song_artist: 'Someone',
      album_name: 'Some Album',
      song_image: null,
      song_link: null,
      song_duration: 200,
      status: 0,
      request_count: 1,
      first_requested_at: details.song_requests[0]?.created_at,
      played_at: null,
      later: false,
      dedication_count: 1,
      turn: 1,
      boost_cents: 0,
      held: false,
      free_text: false,
    });
  });

  it('answers many requests with one key at once with one row and one answer', async () => {
    const { event, fan } = await liveEvent();
    const key = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 12 }, () => sendRequest(t, fan, event.id, keyed(key))),
    );

    const first = answerOf(answers[0] as LightMyRequestResponse);
    expect(first.status).toBe(201);
    for (const res of answers) expect(answerOf(res)).toEqual(first);
    expect(await rowsOf(event.id)).toHaveLength(1);
    expect(await eventSeq(t, event.id)).toBe(2);
    expect(await keysOf(fan.id)).toEqual([{ client_request_id: key, status_code: 201 }]);
  });

  it('keeps one request when one key names different songs at once (the key decides)', async () => {
    const { event, fan } = await liveEvent();
    const key = randomUUID();
    const songs = [BOHEMIAN.song_id, AGADOO, GET_READY, 'itunes-x1', 'itunes-x2', 'itunes-x3'];

    const answers = await Promise.all(
      songs.map((songId) =>
        sendRequest(
          t,
          fan,
          event.id,
          keyed(
            key,
            songId.startsWith('itunes') ? itunesSong(songId.slice(7)) : { song_id: songId },
          ),
        ),
      ),
    );

    const rows = await rowsOf(event.id);
    expect(rows).toHaveLength(1);
    const first = answerOf(answers[0] as LightMyRequestResponse);
    for (const res of answers) expect(answerOf(res)).toEqual(first);
    expect(first.data).toMatchObject({ song_request: { id: rows[0]?.id } });
    // One write, one seq: the undone ones left no gap.
    expect(await eventSeq(t, event.id)).toBe(2);
    const counters = await t.ctx.db
      .selectFrom('events')
      .select('request_count')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(counters.request_count).toBe(1);
  });

  it('does not make the request again when its key comes back after a cancel', async () => {
    const { event, fan } = await liveEvent();
    const key = randomUUID();
    const first = await sendRequest(t, fan, event.id, keyed(key));
    expect((await cancelRequest(t, fan, event.id, BOHEMIAN.song_id)).statusCode).toBe(200);
    const seq = await eventSeq(t, event.id);

    const retry = await sendRequest(t, fan, event.id, keyed(key));

    expect(answerOf(retry)).toEqual(answerOf(first));
    expect(await rowsOf(event.id)).toHaveLength(0);
    expect(await eventSeq(t, event.id)).toBe(seq);
    // A new key is a new request.
    expect((await sendRequest(t, fan, event.id, keyed(randomUUID()))).statusCode).toBe(201);
    expect(await rowsOf(event.id)).toHaveLength(1);
  });

  it('keeps a first answer of "already requested" too', async () => {
    const { event, fan } = await liveEvent();
    expect((await sendRequest(t, fan, event.id)).statusCode).toBe(201);
    const key = randomUUID();

    const first = await sendRequest(t, fan, event.id, keyed(key));
    expect(first.statusCode).toBe(200);
    expect(first.json().msg).toBe(REQUEST_MSG.alreadyRequested);
    await cancelRequest(t, fan, event.id, BOHEMIAN.song_id);
    const retry = await sendRequest(t, fan, event.id, keyed(key));

    expect(answerOf(retry)).toEqual(answerOf(first));
    expect(await rowsOf(event.id)).toHaveLength(0);
    expect(await keysOf(fan.id)).toEqual([{ client_request_id: key, status_code: 200 }]);
  });

  it('judges a refused request again when its key comes back', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signInGuest(t);
    const key = randomUUID();

    const notJoined = await sendRequest(t, fan, event.id, keyed(key));
    expect(notJoined.statusCode).toBe(403);
    expect(notJoined.json().msg).toBe(REQUEST_MSG.joinFirst);
    await joined(t, fan, event.code);
    const closeRequests = await post(
      t,
      '/api/v1/update-request-settings',
      { event_id: event.id, requests_open: false },
      host.headers,
    );
    expect(closeRequests.statusCode).toBe(200);
    const closed = await sendRequest(t, fan, event.id, keyed(key));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().msg).toBe(REQUEST_RULE_MSG.closed);
    expect(await keysOf(fan.id)).toEqual([]);

    await post(
      t,
      '/api/v1/update-request-settings',
      { event_id: event.id, requests_open: true },
      host.headers,
    );
    const accepted = await sendRequest(t, fan, event.id, keyed(key));
    expect(accepted.statusCode).toBe(201);
    expect(await rowsOf(event.id)).toHaveLength(1);
  });

  it('holds under the host’s controls too (the careful path), at once and after a cancel', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signInGuest(t);
    await joined(t, fan, event.code);
    const cap = await post(
      t,
      '/api/v1/update-request-settings',
      { event_id: event.id, max_open_requests_per_guest: 3 },
      host.headers,
    );
    expect(cap.statusCode).toBe(200);
    const key = randomUUID();

    const answers = await Promise.all(
      [BOHEMIAN.song_id, AGADOO, GET_READY, BOHEMIAN.song_id].map((songId) =>
        sendRequest(t, fan, event.id, keyed(key, { song_id: songId })),
      ),
    );

    const first = answerOf(answers[0] as LightMyRequestResponse);
    expect(first.status).toBe(201);
    for (const res of answers) expect(answerOf(res)).toEqual(first);
    const rows = await rowsOf(event.id);
    expect(rows).toHaveLength(1);
    await cancelRequest(t, fan, event.id, rows[0]?.song_id ?? '');
    expect(answerOf(await sendRequest(t, fan, event.id, keyed(key)))).toEqual(first);
    expect(await rowsOf(event.id)).toHaveLength(0);
  });

  it('scopes a key to the attendee of the session: another guest with it makes their own request', async () => {
    const { event, fan } = await liveEvent();
    const other = await signInGuest(t);
    await joined(t, other, event.code);
    const key = randomUUID();

    const mine = await sendRequest(t, fan, event.id, keyed(key));
    const theirs = await sendRequest(t, other, event.id, keyed(key));

    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.song_request.attendee_id).toBe(other.id);
    expect((await rowsOf(event.id)).map((row) => row.attendee_id)).toEqual([fan.id, other.id]);
  });

  it('refuses a key that is not 8-64 letters, digits, "-" or "_" (422 on the field), and writes nothing', async () => {
    const { event, fan } = await liveEvent();
    for (const bad of [
      'short',
      'x'.repeat(65),
      'has space 123',
      'ümlaut-key-1',
      'a/b/c/d/e',
      12345678,
      '',
    ]) {
      const res = await sendRequest(t, fan, event.id, keyed(bad as string));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().errors).toEqual({ client_request_id: [CLIENT_REQUEST_ID_MSG] });
    }
    expect(await rowsOf(event.id)).toHaveLength(0);
    // Absent or null: as before, no key.
    expect(
      (await sendRequest(t, fan, event.id, { song_id: AGADOO, client_request_id: null }))
        .statusCode,
    ).toBe(201);
    expect(await keysOf(fan.id)).toEqual([]);
    const longest = 'A-z_09'.repeat(10).slice(0, 64);
    expect((await sendRequest(t, fan, event.id, keyed(longest))).statusCode).toBe(201);
  });

  it('forgets keys after a day: the prune deletes them, and the key is judged anew', async () => {
    const { event, fan } = await liveEvent();
    const oldKey = randomUUID();
    const freshKey = randomUUID();
    await sendRequest(t, fan, event.id, keyed(oldKey));
    await sendRequest(t, fan, event.id, keyed(freshKey, { song_id: AGADOO }));
    await sql`
      update song_request_keys
      set created_at = now() - make_interval(secs => ${CLIENT_REQUEST_ID_TTL_SECONDS + 60})
      where client_request_id = ${oldKey}
    `.execute(t.ctx.db);
    await cancelRequest(t, fan, event.id, BOHEMIAN.song_id);

    const counts = await pruneExpiredRows(t.ctx.db);

    expect(counts.request_keys).toBeGreaterThanOrEqual(1);
    expect((await keysOf(fan.id)).map((row) => row.client_request_id)).toEqual([freshKey]);
    expect((await sendRequest(t, fan, event.id, keyed(oldKey))).statusCode).toBe(201);
  });

  it('goes with the guest’s account when it logs out', async () => {
    const { event, fan } = await liveEvent();
    await sendRequest(t, fan, event.id, keyed(randomUUID()));
    expect(await keysOf(fan.id)).toHaveLength(1);

    expect((await post(t, '/api/auth/logout', {}, fan.headers)).statusCode).toBe(200);

    expect(await keysOf(fan.id)).toEqual([]);
  });

  it('costs no extra SQL statement: a keyed request is one statement, like one without', async () => {
    const { event, fan } = await liveEvent();
    // Warm the session and catalog caches.
    await sendRequest(t, fan, event.id, { song_id: GET_READY });
    const executor = t.ctx.db.getExecutor();
    let owner: object | null = executor;
    while (owner && !Object.hasOwn(owner, 'executeQuery')) owner = Object.getPrototypeOf(owner);
    if (!owner) throw new Error('no executeQuery on the executor');
    const spy = vi.spyOn(owner as { executeQuery: () => unknown }, 'executeQuery');
    const statementsOf = async (send: () => Promise<LightMyRequestResponse>) => {
      spy.mockClear();
      const res = await send();
      return { status: res.statusCode, statements: spy.mock.calls.length };
    };
    try {
      const plain = await statementsOf(() => sendRequest(t, fan, event.id, { song_id: AGADOO }));
      const key = randomUUID();
      const withKey = await statementsOf(() => sendRequest(t, fan, event.id, keyed(key)));
      const repeat = await statementsOf(() => sendRequest(t, fan, event.id, keyed(key)));

      expect(plain).toEqual({ status: 201, statements: 1 });
      expect(withKey).toEqual({ status: 201, statements: 1 });
      // The insert that wrote nothing, then the kept answer.
      expect(repeat).toEqual({ status: 201, statements: 2 });
    } finally {
      spy.mockRestore();
    }
  });
});
