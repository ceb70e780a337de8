import { queueOrderOf, hostEventDetailsSchema, type GroupedSongRequest } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  cancelRequest,
  GET_READY,
  itunesSong,
  joinByCode,
  markRequest,
  sendRequest,
  signIn,
  signInMany,
} from '../requests/request-factories.ts';

/**
 * The live queue keeps counters (attendees and requests per event, one entry
 * per song) in the same transaction as each write instead of counting on
 * reads. Here a seeded random mix of every kind of queue write runs in
 * concurrent batches through the real routes, and after each batch the
 * counters must equal what the rows say, computed independently.
 */

/** A small deterministic generator (mulberry32), so a failure replays exactly. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const SONGS: Array<Record<string, unknown>> = [
  { song_id: BOHEMIAN.song_id },
  { song_id: AGADOO },
  { song_id: GET_READY },
  itunesSong('1'),
  itunesSong('2'),
];
const SONG_IDS = SONGS.map((song) => String(song.song_id));

interface RequestRow {
  song_id: string;
  song_name: string;
  status: number;
  played_at: Date | null;
  created_at: Date;
  id: number;
  turn: number;
}

/** The grouped queue as the rows define it: the oracle the kept entries must match. */
function groupRows(rows: RequestRow[]) {
  const sorted = [...rows].sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id,
  );
  const groups = new Map<string, { first: RequestRow; rows: RequestRow[] }>();
  for (const row of sorted) {
    const group = groups.get(row.song_id);
    if (group) group.rows.push(row);
    else groups.set(row.song_id, { first: row, rows: [row] });
  }
  return [...groups.values()]
    .map(({ first, rows: songRows }) => {
      const allPlayed = songRows.every((row) => row.status === 1);
      const lastPlayed = Math.max(...songRows.map((row) => row.played_at?.getTime() ?? 0));
      return {
        song_id: first.song_id,
        song_name: first.song_name,
        status: allPlayed ? (1 as const) : (0 as const),
        request_count: songRows.length,
        first_requested_at: first.created_at.toISOString(),
        played_at: allPlayed && lastPlayed > 0 ? new Date(lastPlayed).toISOString() : null,
        // These marks never put a song off.
        later: false,
        // The best turn among the waiting requests, among all once every one played.
        turn: Math.min(
          ...songRows.filter((row) => allPlayed || row.status === 0).map((row) => row.turn),
        ),
        // No boosts in these nights.
        boost_cents: 0,
      };
    })
    .sort(queueOrderOf('most_requested'));
}

describe('live queue counters', () => {
  let t: TestApp;
  let host: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Counting Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function expectCountersMatchRows(eventId: number) {
    const event = await t.ctx.db
      .selectFrom('events')
      .select(['joined_count', 'request_count'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const attendees = await t.ctx.db
      .selectFrom('event_attendees')
      .select('user_id')
      .where('event_id', '=', eventId)
      .execute();
    const rows = await t.ctx.db
      .selectFrom('song_requests')
      .select(['id', 'song_id', 'song_name', 'status', 'played_at', 'created_at', 'turn'])
      .where('event_id', '=', eventId)
      .execute();
    expect(event).toEqual({ joined_count: attendees.length, request_count: rows.length });

    const res = await get(t, `/api/v1/get-event-details?id=${eventId}`, host.headers);
    const details = hostEventDetailsSchema.parse(res.json().data);
    expect(details.enrolled_users_count).toBe(attendees.length);
    expect(details.song_requests_count).toBe(rows.length);
    const kept = details.grouped_song_requests.map((entry: GroupedSongRequest) => ({
      song_id: entry.song_id,
      song_name: entry.song_name,
      status: entry.status,
      request_count: entry.request_count,
      first_requested_at: entry.first_requested_at,
      played_at: entry.played_at,
      later: entry.later,
      turn: entry.turn,
      boost_cents: entry.boost_cents,
    }));
    expect(kept).toEqual(groupRows(rows));
  }

  it('match the rows after every batch of concurrent joins, requests, cancels, marks, leaves and guest logouts', async () => {
    const event = await insertEvent(t, host.id);
    const members = await signInMany(t, 10, 'Counter');
    const guests = await Promise.all([signInGuest(t), signInGuest(t), signInGuest(t)]);
    const people = [...members, ...guests];
    const loggedOut = new Set<number>();
    const next = random(20261124);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

    function operation(): Promise<unknown> {
      const who = pick(people.filter((person) => !loggedOut.has(person.id)));
      const song = pick(SONGS);
      const roll = next();
      if (roll < 0.2) return joinByCode(t, who, event.code);
      if (roll < 0.6) return sendRequest(t, who, event.id, song);
      if (roll < 0.7) return cancelRequest(t, who, event.id, String(song.song_id));
      if (roll < 0.9) {
        const markAs = pick(['played', 'played', 'unplayed', 'delete']);
        return markRequest(t, host, event.id, pick(SONG_IDS), markAs);
      }
      if (roll < 0.97) return post(t, '/api/v1/leave-event', { event_id: event.id }, who.headers);
      const guest = guests.find((candidate) => !loggedOut.has(candidate.id));
      if (!guest) return joinByCode(t, who, event.code);
      loggedOut.add(guest.id);
      return post(t, '/api/auth/logout', {}, guest.headers);
    }

    for (let batch = 0; batch < 12; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 12 }, () => operation()));
      for (const answer of answers as Array<{ statusCode: number; body: string }>) {
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      }
      await expectCountersMatchRows(event.id);
    }
  });
});
