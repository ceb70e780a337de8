import type { BridgeSource } from '@floorfill/shared';
import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';

/**
 * The decks' tables: an event's bridge keys (`bridge_keys`), the tracks its
 * bridges reported (`deck_tracks`) and the event's deck settings (two
 * columns of `events`). Secrets are kept as their SHA-256 only.
 */

const keyColumns = [
  'bridge_keys.id',
  'bridge_keys.event_id',
  'bridge_keys.pairing_expires_at',
  'bridge_keys.source',
  'bridge_keys.created_at',
  'bridge_keys.paired_at',
  'bridge_keys.last_seen_at',
] as const;

/** The host's live (not deleted) event with its deck settings, or undefined. */
export function findHostEvent(db: DbOrTrx, hostId: number, eventId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'code', 'host_id', 'follow_decks', 'deck_play_seconds'])
    .where('id', '=', eventId)
    .where('host_id', '=', hostId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Changes the host's event's deck settings (those given) and answers them
 * as they are now; undefined for someone else's event, a deleted or missing one.
 */
export async function updateDeckSettings(
  db: DbOrTrx,
  hostId: number,
  eventId: number,
  change: { follow_decks?: boolean | undefined; deck_play_seconds?: number | undefined },
) {
  const set = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return findHostEvent(db, hostId, eventId);
  return db
    .updateTable('events')
    .set(set)
    .where('id', '=', eventId)
    .where('host_id', '=', hostId)
    .where('deleted_at', 'is', null)
    .returning(['follow_decks', 'deck_play_seconds'])
    .executeTakeFirst();
}

/** The event's keys that were not revoked, newest first. */
export function listLiveKeys(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('bridge_keys')
    .select(keyColumns)
    .where('event_id', '=', eventId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * A new key with its pairing code's hash, unless the event already holds
 * `max` live keys (one statement, so two booths at once cannot pass it).
 */
export async function insertKey(
  db: DbOrTrx,
  {
    eventId,
    codeHash,
    expiresAt,
    max,
  }: { eventId: number; codeHash: string; expiresAt: Date; max: number },
) {
  const { rows } = await sql<{ id: number; created_at: Date }>`
    insert into bridge_keys (event_id, pairing_code_hash, pairing_expires_at)
    select ${eventId}, ${codeHash}, ${expiresAt}
    where (select count(*) from bridge_keys
           where event_id = ${eventId} and revoked_at is null) < ${max}
    returning id, created_at
  `.execute(db);
  return rows[0];
}

/** Revokes a key of the event; whether one was live. */
export async function revokeKey(db: DbOrTrx, eventId: number, keyId: number): Promise<boolean> {
  const result = await db
    .updateTable('bridge_keys')
    .set({ revoked_at: sql<Date>`now()`, pairing_code_hash: null })
    .where('id', '=', keyId)
    .where('event_id', '=', eventId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Exchanges a pairing code (by its hash) for a token (by its hash): good
 * once, before it expires, on a key not revoked, of an event not deleted.
 * Answers the key's event, or undefined.
 */
export async function pairKey(db: DbOrTrx, codeHash: string, tokenHash: string) {
  const { rows } = await sql<{ id: number; event_id: number }>`
    update bridge_keys set pairing_code_hash = null, pairing_expires_at = null,
      token_hash = ${tokenHash}, paired_at = now(), last_seen_at = now()
    where pairing_code_hash = ${codeHash} and pairing_expires_at > now() and revoked_at is null
      and exists (select 1 from events e where e.id = bridge_keys.event_id and e.deleted_at is null)
    returning id, event_id
  `.execute(db);
  return rows[0];
}

/** The key a token names with its event, revoked or not; undefined for no key. */
export function findKeyByToken(db: DbOrTrx, tokenHash: string) {
  return db
    .selectFrom('bridge_keys')
    .innerJoin('events', 'events.id', 'bridge_keys.event_id')
    .select([
      'bridge_keys.id',
      'bridge_keys.event_id',
      'bridge_keys.revoked_at',
      'events.host_id',
      'events.name',
      'events.code',
      'events.follow_decks',
      'events.deck_play_seconds',
      'events.deleted_at',
    ])
    .where('bridge_keys.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The bridge of this key was seen now, reading `source` when it said. */
export async function touchKey(db: DbOrTrx, keyId: number, source?: BridgeSource): Promise<void> {
  await db
    .updateTable('bridge_keys')
    .set(source ? { last_seen_at: sql<Date>`now()`, source } : { last_seen_at: sql<Date>`now()` })
    .where('id', '=', keyId)
    .execute();
}

export interface DeckTrackRow {
  event_id: number;
  track_id: string;
  bridge_key_id: number | null;
  title: string;
  artist: string;
  deck: string | null;
  source: string;
  started_at: Date;
  outcome: string;
  song_id: string | null;
  previous_song_id: string | null;
}

/** A reported track; undefined when its id was already recorded (the first one stands). */
export async function insertTrack(db: DbOrTrx, row: DeckTrackRow) {
  return db
    .insertInto('deck_tracks')
    .values(row)
    .onConflict((conflict) => conflict.columns(['event_id', 'track_id']).doNothing())
    .returning(['track_id'])
    .executeTakeFirst();
}

export function findTrack(db: DbOrTrx, eventId: number, trackId: string) {
  return db
    .selectFrom('deck_tracks')
    .select(['outcome', 'song_id'])
    .where('event_id', '=', eventId)
    .where('track_id', '=', trackId)
    .executeTakeFirst();
}

/** Whether the event has a track that started after `startedAt` (a report that came late). */
export async function hasLaterTrack(
  db: DbOrTrx,
  eventId: number,
  startedAt: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('deck_tracks')
    .select('track_id')
    .where('event_id', '=', eventId)
    .where('started_at', '>', startedAt)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The event's last `limit` reported tracks, newest start first. */
export function lastTracks(db: DbOrTrx, eventId: number, limit: number) {
  return db
    .selectFrom('deck_tracks')
    .select([
      'track_id',
      'title',
      'artist',
      'deck',
      'source',
      'started_at',
      'outcome',
      'song_id',
      'previous_song_id',
    ])
    .where('event_id', '=', eventId)
    .orderBy('started_at', 'desc')
    .limit(limit)
    .execute();
}

/** The tracks the decks played while followed that matched no request, in play order. */
export function unrequestedTracks(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('deck_tracks')
    .select(['title', 'artist', 'started_at'])
    .where('event_id', '=', eventId)
    .where('outcome', '=', 'unmatched')
    .orderBy('started_at')
    .execute();
}
