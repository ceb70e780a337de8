import { EMPTY_BOOST_TOTALS, eventAttendeesData, MSG, nightSummarySchema } from '@floorfill/shared';
import { sql } from 'kysely';
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

/**
 * The host's reads of the booth (issue 14): who is here (get-event-attendees)
 * and, after the night, its summary (get-night-summary). Both the host's
 * alone: someone else's event answers 404 as if it did not exist.
 */
describe('who is here and the night summary', () => {
  let t: TestApp;
  let host: SignedIn;
  let event: { id: number; code: string };
  let people: Array<{ id: number }>;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    event = await insertEvent(t, host.id, {
      start: '2026-11-20T20:00:00Z',
      end: '2026-11-21T02:00:00Z',
    });
    const ana = await insertAttendee(t, 'Ana Lopez', 'Ana');
    const ben = await insertAttendee(t, 'Ben Okafor');
    const cy = await insertAttendee(t, 'Cy Twombly');
    people = [ana, ben, cy];
    for (const [index, person] of people.entries()) {
      await joinEvent(t, event.id, person.id);
      const joinedAt = new Date(Date.parse('2026-11-20T20:00:00Z') + index * 60_000);
      // joined_at is the database's to set; the seed backdates it by hand.
      await sql`update event_attendees set joined_at = ${joinedAt}
        where event_id = ${event.id} and user_id = ${person.id}`.execute(t.ctx.db);
    }
    // Ten-minute buckets: 20:00 holds 3, 20:10 holds 1, 20:20 none, 20:30 holds 2.
    const seed: Array<[number, string, 0 | 1, string]> = [
      [ana.id, 'anthem', 0, '2026-11-20T20:01:00Z'],
      [ben.id, 'anthem', 0, '2026-11-20T20:05:00Z'],
      [ana.id, 'opener', 1, '2026-11-20T20:09:59Z'],
      [cy.id, 'anthem', 0, '2026-11-20T20:12:00Z'],
      [ben.id, 'closer', 1, '2026-11-20T20:31:00Z'],
      [ana.id, 'closer', 1, '2026-11-20T20:39:00Z'],
    ];
    for (const [attendeeId, songId, status, createdAt] of seed) {
      await insertSongRequest(t, { eventId: event.id, attendeeId, songId, status, createdAt });
    }
    const tip = (session: string, cents: number, status: 'paid' | 'pending', eventId: number) => ({
      checkout_session_id: session,
      host_id: host.id,
      event_id: eventId,
      attendee_type: 3,
      amount_cents: cents,
      status,
      is_demo: true,
      paid_at: status === 'paid' ? new Date() : null,
    });
    const other = await insertEvent(t, host.id);
    await t.ctx.db
      .insertInto('tips')
      .values([
        tip('demo_cs_night_one_0000000000000000', 1500, 'paid', event.id),
        tip('demo_cs_night_two_0000000000000000', 500, 'paid', event.id),
        tip('demo_cs_night_pending_000000000000', 900, 'pending', event.id),
        tip('demo_cs_night_elsewhere_0000000000', 700, 'paid', other.id),
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('get-event-attendees: the joined attendees newest first, with their requests here', async () => {
    const res = await get(t, `/api/v1/get-event-attendees?event_id=${event.id}`, host.headers);
    expect(res.statusCode).toBe(200);
    const { attendees } = eventAttendeesData.parse(res.json().data);
    expect(attendees).toEqual([
      {
        attendee_id: people[2]?.id,
        name: 'Cy Twombly',
        joined_at: '2026-11-20T20:02:00.000Z',
        request_count: 1,
        name_held: false,
      },
      {
        attendee_id: people[1]?.id,
        name: 'Ben Okafor',
        joined_at: '2026-11-20T20:01:00.000Z',
        request_count: 2,
        name_held: false,
      },
      {
        attendee_id: people[0]?.id,
        name: 'Ana',
        joined_at: '2026-11-20T20:00:00.000Z',
        request_count: 3,
        name_held: false,
      },
    ]);
  });

  it('get-night-summary: the night’s figures from the seeded rows', async () => {
    const res = await get(t, `/api/v1/get-night-summary?event_id=${event.id}`, host.headers);
    expect(res.statusCode).toBe(200);
    const summary = nightSummarySchema.parse(res.json().data);
    expect(summary).toMatchObject({
      songs_played: 2,
      requests_received: 6,
      unique_requesters: 3,
      per_10_minutes: [
        { start: '2026-11-20T20:00:00.000Z', count: 3 },
        { start: '2026-11-20T20:10:00.000Z', count: 1 },
        { start: '2026-11-20T20:20:00.000Z', count: 0 },
        { start: '2026-11-20T20:30:00.000Z', count: 2 },
      ],
      peak: { start: '2026-11-20T20:00:00.000Z', count: 3 },
      tips: { count: 2, total_cents: 2000, currency: 'usd' },
    });
    expect(summary.top_requested.map((song) => [song.song_id, song.request_count])).toEqual([
      ['anthem', 3],
      ['closer', 2],
      ['opener', 1],
    ]);
  });

  it('an event without requests or tips has an empty summary', async () => {
    const quiet = await insertEvent(t, host.id);
    const res = await get(t, `/api/v1/get-night-summary?event_id=${quiet.id}`, host.headers);
    expect(nightSummarySchema.parse(res.json().data)).toEqual({
      songs_played: 0,
      played_not_requested: 0,
      requests_received: 0,
      unique_requesters: 0,
      per_10_minutes: [],
      peak: null,
      top_requested: [],
      tips: { count: 0, total_cents: 0, currency: 'usd' },
      boosts: EMPTY_BOOST_TOTALS,
    });
  });

  it('both are the host’s alone: 404 for another host or a missing event, 403 for a guest, 401 without a session', async () => {
    const other = await signIn(t, { name: 'Other Host' });
    const guest = await signInGuest(t);
    for (const route of ['get-event-attendees', 'get-night-summary']) {
      const url = `/api/v1/${route}?event_id=${event.id}`;
      expect((await get(t, url, other.headers)).statusCode).toBe(404);
      expect((await get(t, `/api/v1/${route}?event_id=2000000`, host.headers)).statusCode).toBe(
        404,
      );
      const refused = await get(t, url, guest.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe(MSG.pleaseRegister);
      expect((await get(t, url)).statusCode).toBe(401);
      expect((await get(t, `/api/v1/${route}?event_id=abc`, host.headers)).statusCode).toBe(422);
    }
  });
});
