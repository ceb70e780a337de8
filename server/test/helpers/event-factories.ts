import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { generateEventCode } from '../../src/events/event-code.ts';
import { recountEventQueue } from '../../src/live-queue/queue-event.repository.ts';
import { bearer, createMember, logIn, post } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** Small builders for the hosts' slice: signed-in members and guests, events, attendance, requests, images. */

export interface SignedIn {
  id: number;
  headers: Record<string, string>;
}

/** A verified member signed in through the real login route. */
export async function signIn(
  t: TestApp,
  overrides: { name?: string; defaultLogin?: 2 | 3 } = {},
): Promise<SignedIn> {
  const member = await createMember(t, { defaultLogin: 2, ...overrides });
  const { token } = await logIn(t, member);
  return { id: member.id, headers: bearer(token) };
}

/** A guest session, as the QR flow's "Login as Guest" makes one. */
export async function signInGuest(t: TestApp): Promise<SignedIn> {
  const res = await post(t, '/api/v1/login-as-guest', {});
  if (res.statusCode !== 200) throw new Error(`guest login failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { id: number; access_token: string };
  return { id: data.id, headers: bearer(data.access_token) };
}

export interface EventOverrides {
  name?: string;
  start?: string;
  end?: string;
  address?: string | null;
  zip?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  timezone?: string;
  code?: string;
  bannerPath?: string | null;
}

/** An event inserted straight into the database (far in the future unless told otherwise). */
export async function insertEvent(t: TestApp, hostId: number, overrides: EventOverrides = {}) {
  return t.ctx.db
    .insertInto('events')
    .values({
      host_id: hostId,
      name: overrides.name ?? 'Friday Night Set',
      start_time: overrides.start ?? '2099-06-05T20:00:00Z',
      end_time: overrides.end ?? '2099-06-06T02:00:00Z',
      address: overrides.address === undefined ? '1 Main St' : overrides.address,
      zip: overrides.zip === undefined ? null : overrides.zip,
      city: overrides.city === undefined ? 'Springfield' : overrides.city,
      state: overrides.state === undefined ? null : overrides.state,
      country: overrides.country === undefined ? 'United States' : overrides.country,
      timezone: overrides.timezone ?? 'UTC',
      code: overrides.code ?? generateEventCode(),
      banner_path: overrides.bannerPath ?? null,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}

/** A plain member row without a session (an attendee in someone's event). */
export async function insertAttendee(t: TestApp, name: string, displayName: string | null = null) {
  const member = await createMember(t, { name });
  if (displayName !== null) {
    await t.ctx.db
      .updateTable('users')
      .set({ display_name: displayName })
      .where('id', '=', member.id)
      .execute();
  }
  return member;
}

/** Joins straight in the database (no push), keeping the live queue's counters right. */
export async function joinEvent(t: TestApp, eventId: number, userId: number): Promise<void> {
  await t.ctx.db
    .insertInto('event_attendees')
    .values({ event_id: eventId, user_id: userId })
    .execute();
  await recountEventQueue(t.ctx.db, eventId);
}

export async function insertSongRequest(
  t: TestApp,
  request: {
    eventId: number;
    attendeeId: number;
    songId: string;
    songName?: string;
    status?: 0 | 1;
    createdAt?: string;
  },
): Promise<number> {
  const row = await t.ctx.db
    .insertInto('song_requests')
    .values({
      event_id: request.eventId,
      attendee_id: request.attendeeId,
      song_id: request.songId,
      song_name: request.songName ?? `Song ${request.songId}`,
      song_artist: 'Artist',
      status: request.status ?? 0,
      played_at: request.status === 1 ? new Date() : null,
      ...(request.createdAt ? { created_at: request.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recountEventQueue(t.ctx.db, request.eventId);
  return row.id;
}

/** A valid create-event form (strings, as a multipart form sends them). */
export function eventForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Saturday Social',
    start_time: '2099-11-21T20:00:00-05:00',
    end_time: '2099-11-22T01:00:00-05:00',
    address: '12 Dock Road',
    zip: '10001',
    city: 'New York',
    state: 'NY',
    country: 'United States',
    timezone: 'America/New_York',
    ...overrides,
  };
}

export interface UploadFile {
  data: Buffer;
  filename: string;
  type: string;
}

export function multipartForm(
  fields: Record<string, string>,
  files: Record<string, UploadFile> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) {
    form.append(key, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  }
  return form;
}

export function postForm(t: TestApp, url: string, form: FormData, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url, payload: form, headers });
}

export function get(
  t: TestApp,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers });
}

/** A real PNG of the given size (a gradient, so it does not compress to nothing). */
export async function pngImage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = i % 251;
    pixels[i + 1] = (i >> 8) % 253;
    pixels[i + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export function pngFile(data: Buffer, filename = 'banner.png'): UploadFile {
  return { data, filename, type: 'image/png' };
}

export function dataUrl(data: Buffer, type = 'image/png'): string {
  return `data:${type};base64,${data.toString('base64')}`;
}
