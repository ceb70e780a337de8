import { CLIENT_REQUEST_ID_TTL_SECONDS } from '@floorfill/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import type { SongRequestPayload } from '../utils/song-request-payload';

/**
 * The outbox: song requests made while the phone had no connection, kept on
 * the device until they can be sent (issue 15). Each keeps the idempotency
 * key it was first tried with, so every later try is the same request to the
 * server, which answers a key it has seen with its first answer.
 *
 * It lives in localStorage (survives a reload) as one list for every user and
 * event on the device, each entry naming its user and event. Every change
 * reads the list afresh and writes it back, so two tabs never overwrite each
 * other's entries, and a change in another tab reaches this one through the
 * `storage` event.
 */

export const OUTBOX_STORAGE_KEY = 'floorfill.request-outbox';

/**
 * A kept request is given up after this long: the server forgets a key after
 * a day, and by then the night is over anyway.
 */
export const OUTBOX_MAX_AGE_MS = CLIENT_REQUEST_ID_TTL_SECONDS * 1000;

const payloadSchema = z.object({
  eventId: z.number().int(),
  attendeeId: z.number().int(),
  songId: z.string(),
  songName: z.string(),
  songImage: z.string().nullable(),
  songLink: z.null(),
  songDuration: z.number(),
  album_name: z.string(),
  songArtist: z.string(),
  message: z.string().nullable(),
  explicit: z.boolean().optional(),
  freeText: z.boolean().optional(),
}) satisfies z.ZodType<SongRequestPayload>;

const keptRequestSchema = z.object({
  /** The `client_request_id` every try of this request carries. */
  key: z.string(),
  userId: z.number().int(),
  eventId: z.number().int(),
  /** When it was kept (ms since the epoch). */
  keptAt: z.number(),
  payload: payloadSchema,
});
export type KeptRequest = z.infer<typeof keptRequestSchema>;

/** A new idempotency key: 32 hex digits. `crypto.randomUUID` needs https; a venue laptop may serve plain http. */
export function newClientRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The list as stored, cached by its text so React sees the same array until it changes. */
let cache: { raw: string | null; entries: readonly KeptRequest[] } = { raw: null, entries: [] };
/** Where the list lives when localStorage refuses to store it (private modes, a full quota). */
let fallback: string | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(OUTBOX_STORAGE_KEY) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Every kept request on the device; anything unreadable in storage counts as nothing. */
function readAll(): readonly KeptRequest[] {
  const raw = readRaw();
  if (raw === cache.raw) return cache.entries;
  let entries: readonly KeptRequest[] = [];
  try {
    const parsed = z.array(keptRequestSchema).safeParse(JSON.parse(raw ?? '[]'));
    if (parsed.success) entries = parsed.data;
  } catch {
    entries = [];
  }
  cache = { raw, entries };
  return entries;
}

const listeners = new Set<() => void>();

function writeAll(entries: readonly KeptRequest[]): void {
  const now = Date.now();
  const fresh = entries.filter((entry) => now - entry.keptAt < OUTBOX_MAX_AGE_MS);
  const raw = JSON.stringify(fresh);
  try {
    if (fresh.length === 0) localStorage.removeItem(OUTBOX_STORAGE_KEY);
    else localStorage.setItem(OUTBOX_STORAGE_KEY, raw);
    fallback = null;
  } catch {
    fallback = raw;
  }
  for (const listener of listeners) listener();
}

function isFresh(entry: KeptRequest, now = Date.now()): boolean {
  return now - entry.keptAt < OUTBOX_MAX_AGE_MS;
}

/** The user's kept requests for an event, oldest first (those older than a day are given up). */
export function keptRequests(userId: number, eventId: number): KeptRequest[] {
  const now = Date.now();
  return readAll().filter(
    (entry) => entry.userId === userId && entry.eventId === eventId && isFresh(entry, now),
  );
}

/** The user's kept request for a song of an event, if one waits. */
export function keptRequestFor(
  userId: number,
  eventId: number,
  songId: string,
): KeptRequest | undefined {
  return keptRequests(userId, eventId).find((entry) => entry.payload.songId === songId);
}

/** Keeps a request to send later (one per user, event and song: a second tap keeps the first). */
export function keepRequest(entry: KeptRequest): KeptRequest {
  const existing = keptRequestFor(entry.userId, entry.eventId, entry.payload.songId);
  if (existing) return existing;
  writeAll([...readAll(), entry]);
  return entry;
}

/** Forgets a kept request: it was sent, refused, or the guest cancelled it. */
export function dropRequest(key: string): void {
  const entries = readAll();
  if (!entries.some((entry) => entry.key === key)) return;
  writeAll(entries.filter((entry) => entry.key !== key));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === OUTBOX_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Gives up the requests kept longer than a day (the server no longer knows their keys). */
export function dropStaleRequests(): void {
  const entries = readAll();
  const now = Date.now();
  if (entries.every((entry) => isFresh(entry, now))) return;
  writeAll(entries);
}

/** What a page the server draws shows as kept: nothing (what the phone keeps follows once it runs). */
const NOTHING_KEPT: KeptRequest[] = [];

/** The user's kept requests for an event, live: re-renders when one is kept, sent or dropped. */
export function useKeptRequests(userId: number, eventId: number): readonly KeptRequest[] {
  const all = useSyncExternalStore(subscribe, readAll, () => NOTHING_KEPT);
  return useMemo(
    () => all.filter((entry) => entry.userId === userId && entry.eventId === eventId),
    [all, userId, eventId],
  );
}
