import { randomBytes } from 'node:crypto';
import { queueOrderOf, type HostEventDetails } from '@floorfill/shared';
import { expect } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { generateEventCode } from '../../src/events/event-code.ts';
import type { Db } from '../../src/infra/db.ts';

/**
 * A night at a party that a crash cuts short, for the durability fault
 * tests: a host and an event seeded in the database, guests who join and
 * send a burst of song requests over HTTP while the host marks songs and a
 * guest cancels one, everything a 2xx acknowledged written down; then, once
 * the crashed part is back, the check that all of it is still there, with
 * the counters and the queue exactly what the rows say.
 */

const PASSWORD = 'correct-horse-battery';

/** The requests each guest sends in a burst: one per song, so no pair repeats. */
export const SONGS = 20;

export interface Night {
  hostEmail: string;
  eventId: number;
  code: string;
  songs: string[];
}

/** A host, their event happening now and the catalog songs the guests will ask for. */
export async function seedNight(db: Db): Promise<Night> {
  const hostEmail = `crash-host-${randomBytes(4).toString('hex')}@example.com`;
  const host = await db
    .insertInto('users')
    .values({
      name: 'Crash Host',
      email: hostEmail,
      password_hash: await hashPassword(PASSWORD),
      email_verified_at: new Date(),
      default_login: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const event = await db
    .insertInto('events')
    .values({
      host_id: host.id,
      name: 'Crash Night',
      start_time: new Date(now - 3600_000),
      end_time: new Date(now + 6 * 3600_000),
      code: generateEventCode(),
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const songs = await db
    .selectFrom('catalog_songs')
    .select('id')
    .orderBy('id')
    .limit(SONGS)
    .execute();
  return { hostEmail, eventId: event.id, code: event.code, songs: songs.map((row) => row.id) };
}

interface Answer {
  status: number;
  data: unknown;
}

/** One call; a connection the dead server refused or dropped answers status 0. */
async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { data?: unknown };
    return { status: res.status, data: json.data };
  } catch {
    return { status: 0, data: undefined };
  }
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const pair = (attendeeId: number, songId: string) => `${attendeeId}|${songId}`;

interface Guest {
  token: string;
  id: number;
}

/** Everything a 2xx acknowledged during the night. */
export interface Acknowledged {
  hostToken: string;
  /** Guests whose join was answered 200. */
  joined: Guest[];
  /** Requests (attendee|song) answered 200 or 201 and not cancelled since. */
  requests: Set<string>;
  /** Requests whose cancel was answered 200. */
  cancelled: Set<string>;
  /** Requests answered before the host's acknowledged `played` mark of their song. */
  played: Set<string>;
  /** The song the host's acknowledged `playing` mark started (null: that mark was not acknowledged). */
  playing: string | null;
  /** Answers by status (0: no answer, the server was gone). */
  statuses: Record<number, number>;
}

/** The host signs in and `guests` guests join the event, each over HTTP. */
export async function gatherParty(
  baseUrl: string,
  night: Night,
  guests: number,
): Promise<Acknowledged> {
  const login = await call(baseUrl, 'POST', '/api/auth/login', undefined, {
    email: night.hostEmail,
    password: PASSWORD,
  });
  expect(login.status).toBe(200);
  const acknowledged: Acknowledged = {
    hostToken: (login.data as { access_token: string }).access_token,
    joined: [],
    requests: new Set(),
    cancelled: new Set(),
    played: new Set(),
    playing: null,
    statuses: {},
  };
  for (let index = 0; index < guests; index += 1) {
    expect(await joinGuest(baseUrl, night, acknowledged)).toBe(200);
  }
  return acknowledged;
}

/** One more guest signs in and joins; answers the join's status. */
export async function joinGuest(
  baseUrl: string,
  night: Night,
  acknowledged: Acknowledged,
): Promise<number> {
  const guest = await call(baseUrl, 'POST', '/api/v1/login-as-guest', undefined, {});
  const token = (guest.data as { access_token: string }).access_token;
  const session = await call(baseUrl, 'GET', '/api/auth/session', token);
  const id = (session.data as { user: { id: number } }).user.id;
  const join = await call(baseUrl, 'POST', '/api/v1/join-event', token, {
    event_code: night.code,
  });
  if (join.status === 200) acknowledged.joined.push({ token, id });
  return join.status;
}

export interface BurstPlan {
  /** Requests sent in all, each guest asking for every song in turn. */
  requests: number;
  concurrency: number;
  /** Called (not awaited) when the burst reaches this request: the crash. */
  crashAt?: { index: number; crash: () => Promise<void> };
}

/** Where in the burst the host and a guest act: early, so their writes are long acknowledged. */
const PLAYING_AT = 50;
const PLAYED_AT = 70;
const CANCEL_AT = 90;

/**
 * The burst: the joined guests request songs over `concurrency`
 * connections; on the way the host starts song 0 (`playing`), marks song 1
 * played and guest 0 cancels their request of song 2. Answers what crashed
 * (the promise `crash` gave), once every call has its answer.
 */
export async function requestBurst(
  baseUrl: string,
  night: Night,
  acknowledged: Acknowledged,
  plan: BurstPlan,
): Promise<Promise<void> | undefined> {
  const guests = acknowledged.joined;
  let crashed: Promise<void> | undefined;
  let next = 0;
  const count = (status: number) => {
    acknowledged.statuses[status] = (acknowledged.statuses[status] ?? 0) + 1;
  };
  /** The host's mark of a song; answers whether it was acknowledged (2xx). */
  const mark = async (songId: string, markAs: 'playing' | 'played') => {
    const body = { event_id: night.eventId, song_id: songId, mark_as: markAs };
    const res = await call(
      baseUrl,
      'POST',
      '/api/v1/mark-as-song-request',
      acknowledged.hostToken,
      body,
    );
    count(res.status);
    return isSuccess(res.status);
  };
  const hostActs = async (index: number) => {
    const [playing, played, cancelled] = night.songs as [string, string, string];
    if (index === PLAYING_AT && (await mark(playing, 'playing'))) acknowledged.playing = playing;
    if (index === PLAYED_AT) {
      const before = [...acknowledged.requests].filter((key) => key.endsWith(`|${played}`));
      if (await mark(played, 'played')) for (const key of before) acknowledged.played.add(key);
    }
    const guest = guests[0];
    const key = guest && pair(guest.id, cancelled);
    if (index === CANCEL_AT && guest && key && acknowledged.requests.has(key)) {
      const body = { event_id: night.eventId, song_id: cancelled };
      const res = await call(baseUrl, 'POST', '/api/v1/cancel-song-request', guest.token, body);
      count(res.status);
      if (isSuccess(res.status)) {
        acknowledged.requests.delete(key);
        acknowledged.cancelled.add(key);
      }
    }
  };
  const worker = async () => {
    while (next < plan.requests) {
      const index = next;
      next += 1;
      if (plan.crashAt?.index === index) crashed = plan.crashAt.crash();
      await hostActs(index);
      const guest = guests[index % guests.length];
      const song = night.songs[Math.floor(index / guests.length) % night.songs.length];
      if (!guest || !song) continue;
      const res = await call(baseUrl, 'POST', '/api/v1/send-song-request', guest.token, {
        event_id: night.eventId,
        song_id: song,
      });
      count(res.status);
      if (isSuccess(res.status)) acknowledged.requests.add(pair(guest.id, song));
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  return crashed;
}

/**
 * Everything acknowledged is in the database: every join, every request
 * not cancelled (and no cancelled one), the played mark on the requests it
 * covered, the playing song; the event's counters and every song's entry are
 * exactly what the rows say. What the server wrote but could not answer
 * before the crash may be there too, and counts like the rest.
 */
export async function expectAllKept(db: Db, night: Night, acknowledged: Acknowledged) {
  const rows = await db
    .selectFrom('song_requests')
    .select(['attendee_id', 'song_id', 'status', 'created_at'])
    .where('event_id', '=', night.eventId)
    .execute();
  const stored = new Map(rows.map((row) => [pair(row.attendee_id, row.song_id), row]));
  expect(stored.size).toBe(rows.length);
  const missing = [...acknowledged.requests].filter((key) => !stored.has(key));
  expect(
    missing,
    `${missing.length} of ${acknowledged.requests.size} acknowledged requests lost`,
  ).toEqual([]);
  for (const key of acknowledged.cancelled) expect(stored.has(key)).toBe(false);
  for (const key of acknowledged.played) expect(stored.get(key)?.status).toBe(1);

  const attendees = await db
    .selectFrom('event_attendees')
    .select('user_id')
    .where('event_id', '=', night.eventId)
    .execute();
  const attending = new Set(attendees.map((row) => row.user_id));
  const notJoined = acknowledged.joined.filter((guest) => !attending.has(guest.id));
  expect(notJoined, `${notJoined.length} acknowledged joins lost`).toEqual([]);

  const event = await db
    .selectFrom('events')
    .select(['joined_count', 'request_count', 'now_playing_song_id'])
    .where('id', '=', night.eventId)
    .executeTakeFirstOrThrow();
  expect(event.joined_count).toBe(attendees.length);
  expect(event.request_count).toBe(rows.length);
  if (acknowledged.playing !== null) expect(event.now_playing_song_id).toBe(acknowledged.playing);

  const entries = await db
    .selectFrom('queue_entries')
    .select(['song_id', 'request_count', 'unplayed_count', 'first_requested_at'])
    .where('event_id', '=', night.eventId)
    .execute();
  const expected = new Map<string, { requests: number; unplayed: number; first: number }>();
  for (const row of rows) {
    const song = expected.get(row.song_id) ?? { requests: 0, unplayed: 0, first: Infinity };
    song.requests += 1;
    if (row.status === 0) song.unplayed += 1;
    song.first = Math.min(song.first, row.created_at.getTime());
    expected.set(row.song_id, song);
  }
  expect(entries.length).toBe(expected.size);
  for (const entry of entries) {
    const song = expected.get(entry.song_id);
    expect(entry.request_count, entry.song_id).toBe(song?.requests);
    expect(entry.unplayed_count, entry.song_id).toBe(song?.unplayed);
    expect(entry.first_requested_at.getTime(), entry.song_id).toBe(song?.first);
  }
}

/**
 * The host's queue as the restarted server shows it: one entry per song
 * with its rows' count, in the shared queue order of those counts.
 */
export async function expectHostQueue(baseUrl: string, night: Night, acknowledged: Acknowledged) {
  const details = await call(
    baseUrl,
    'GET',
    `/api/v1/get-event-details?id=${night.eventId}&include=requests`,
    acknowledged.hostToken,
  );
  expect(details.status).toBe(200);
  const snapshot = details.data as Required<HostEventDetails>;
  const perSong = new Map<string, number>();
  for (const request of snapshot.song_requests) {
    perSong.set(request.song_id, (perSong.get(request.song_id) ?? 0) + 1);
  }
  const shown = snapshot.grouped_song_requests;
  for (const song of shown)
    expect(song.request_count, song.song_id).toBe(perSong.get(song.song_id));
  expect(shown.map((song) => song.song_id)).toEqual(
    [...shown]
      .sort(queueOrderOf(snapshot.request_settings.queue_order))
      .map((song) => song.song_id),
  );
  const keys = new Set(
    snapshot.song_requests.map((request) => pair(request.attendee_id, request.song_id)),
  );
  const missing = [...acknowledged.requests].filter((key) => !keys.has(key));
  const lost = `${missing.length} of ${acknowledged.requests.size} acknowledged requests lost`;
  expect(missing, lost).toEqual([]);
}
