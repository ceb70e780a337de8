import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { signIn, type SignedIn } from '../helpers/event-factories.ts';
import { createSessionTokens } from '../../src/auth/tokens.ts';
import { bearer, createMember, post } from '../helpers/factories.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Builders for the attendance and requests slice: real routes, real rows. */

/** A song of the built-in catalog (migration 202611210900). */
export const BOHEMIAN = {
  song_id: 'cat-queen--bohemian-rhapsody',
  song_name: 'Bohemian Rhapsody',
  song_artist: 'Queen',
  album_name: 'A Night at the Opera',
  song_duration: 355,
} as const;

export const AGADOO = 'cat-black-lace--agadoo';
export const GET_READY = 'cat-2-unlimited--get-ready-for-this';

/** A song from another provider, as the search modal sends it back. */
export function itunesSong(id: string, overrides: Record<string, unknown> = {}) {
  return {
    song_id: `itunes-${id}`,
    song_name: `Track ${id}`,
    song_artist: 'Someone',
    album_name: 'Some Album',
    song_image: `https://example.com/art/${id}.jpg`,
    song_link: null,
    song_duration: 200,
    ...overrides,
  };
}

export function joinByCode(
  t: TestApp,
  who: SignedIn,
  code: string,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return post(t, '/api/v1/join-event', { event_code: code, ...extra }, who.headers);
}

/** Joins through the route and fails the test when it is refused. */
export async function joined(t: TestApp, who: SignedIn, code: string): Promise<void> {
  const res = await joinByCode(t, who, code);
  if (res.statusCode !== 200) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
}

export function sendRequest(
  t: TestApp,
  who: SignedIn,
  eventId: number,
  song: Record<string, unknown> = { song_id: BOHEMIAN.song_id },
): Promise<LightMyRequestResponse> {
  return post(t, '/api/v1/send-song-request', { event_id: eventId, ...song }, who.headers);
}

export function cancelRequest(
  t: TestApp,
  who: SignedIn,
  eventId: number,
  songId: string,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return post(
    t,
    '/api/v1/cancel-song-request',
    { event_id: eventId, song_id: songId, ...extra },
    who.headers,
  );
}

export function markRequest(
  t: TestApp,
  who: SignedIn,
  eventId: number,
  songId: string,
  markAs: string,
): Promise<LightMyRequestResponse> {
  return post(
    t,
    '/api/v1/mark-as-song-request',
    { event_id: eventId, song_id: songId, mark_as: markAs },
    who.headers,
  );
}

/**
 * Many signed-in attendees at once: member rows and session rows inserted
 * directly, tokens signed as login signs them (argon2 per login would dominate).
 */
export async function signInMany(t: TestApp, count: number, prefix = 'Fan'): Promise<SignedIn[]> {
  const tokens = createSessionTokens(t.config);
  const expiresAt = new Date(Date.now() + 3600_000);
  const people: SignedIn[] = [];
  for (let index = 0; index < count; index += 1) {
    const member = await createMember(t, { name: `${prefix} ${index + 1}`, defaultLogin: 3 });
    const sessionId = randomUUID();
    await t.ctx.db
      .insertInto('sessions')
      .values({ id: sessionId, user_id: member.id, expires_at: expiresAt })
      .execute();
    const token = await tokens.sign({ sessionId, userId: member.id }, expiresAt);
    people.push({ id: member.id, headers: bearer(token) });
  }
  return people;
}

export async function eventSeq(t: TestApp, eventId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('events')
    .select('seq')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

export async function softDelete(t: TestApp, eventId: number): Promise<void> {
  await t.ctx.db
    .updateTable('events')
    .set({ deleted_at: new Date() })
    .where('id', '=', eventId)
    .execute();
}

export { signIn };
