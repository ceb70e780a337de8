import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  BRIDGE_KEYS_PER_EVENT,
  BRIDGE_MSG,
  formatPairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TTL_SECONDS,
  REQUEST_MSG,
  type BridgeKey,
  type BridgePanelData,
  type BridgeSource,
  type BridgeTrack,
  type DeckSettings,
  type PairBridgeData,
  type ReportTrackData,
  type TrackOutcome,
  type UpdateDeckSettingsBody,
} from '@floorfill/shared';
import { conflict, HttpError, notFound, unauthorized } from '../http/errors.ts';
import type { Db } from '../infra/db.ts';
import type { LiveQueue } from '../live-queue/live-queue.ts';
import {
  findHostEvent,
  findKeyByToken,
  findTrack,
  hasLaterTrack,
  insertKey,
  insertTrack,
  lastTracks,
  listLiveKeys,
  pairKey,
  revokeKey,
  touchKey,
  unrequestedTracks,
  updateDeckSettings,
} from './decks.repository.ts';
import { matchPlayedTrack } from './track-match.ts';

/** How many reported tracks the booth's panel lists. */
const PANEL_TRACKS = 10;
/** A bridge token's prefix: it says what the secret is, wherever it turns up. */
const TOKEN_PREFIX = 'ffb_';

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

function newPairingCode(): string {
  let code = '';
  for (let index = 0; index < PAIRING_CODE_LENGTH; index += 1) {
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  }
  return code;
}

/** A paired bridge, as its token names it: one event, "now playing" only. */
export interface BridgeCaller {
  keyId: number;
  eventId: number;
  hostId: number;
  settings: DeckSettings;
}

function settingsOf(event: { follow_decks: boolean; deck_play_seconds: number }): DeckSettings {
  return { follow_decks: event.follow_decks, play_seconds: event.deck_play_seconds };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Following the decks (issue 28). The host makes a bridge key in the booth
 * and sees its pairing code once; the bridge exchanges the code for a token
 * that names that one event and can do nothing but report tracks and read
 * the event's deck settings. A reported track is matched to the event's
 * waiting songs (`track-match.ts`) and, while the host follows the decks,
 * marks that song playing through the live queue's own mark — the song
 * before it becomes played, as when the DJ presses Play in the booth, so
 * everyone watching hears it the same way. A track that matches nothing
 * plays as a track nobody requested (the song before it has played too). Every report is kept once per id: a
 * resend answers what the first one did.
 */
export function createDecksService({ db, liveQueue }: { db: Db; liveQueue: LiveQueue }) {
  async function ownedEvent(hostId: number, eventId: number) {
    const event = await findHostEvent(db, hostId, eventId);
    if (!event) throw notFound(REQUEST_MSG.eventNotFound);
    return event;
  }

  /** What a reported track does to the queue (nothing while the host does not follow the decks). */
  async function apply(caller: BridgeCaller, track: BridgeTrack, startedAt: Date) {
    const none = { songId: null, previousSongId: null };
    if (!caller.settings.follow_decks) return { outcome: 'not-following' as const, ...none };
    // A report that arrives after a later track's (another bridge, a late resend) moves nothing.
    if (await hasLaterTrack(db, caller.eventId, startedAt)) {
      return { outcome: 'superseded' as const, ...none };
    }
    const [queue, playing] = await Promise.all([
      // The matcher weighs every waiting song alike: any order reads them all.
      liveQueue.groupedQueue(db, caller.eventId, 'most_requested'),
      liveQueue.nowPlaying(db, caller.eventId),
    ]);
    const waiting = queue
      .filter((entry) => entry.status === 0)
      .map((entry) => ({
        songId: entry.song_id,
        title: entry.song_name,
        artist: entry.song_artist ?? '',
      }));
    const match = matchPlayedTrack(track, waiting);
    const songId = match?.candidate.songId ?? null;
    // The song the booth's undo plays again: only a requested one can be.
    const previousSongId = playing?.requested ? playing.song_id : null;
    try {
      if (songId === null) {
        // The DJ moved on to a song nobody asked for: it plays now, the one before has played.
        await liveQueue.playUnrequested(caller.hostId, caller.eventId, {
          title: track.title,
          artist: track.artist || null,
        });
        return { outcome: 'unmatched' as const, songId: null, previousSongId };
      }
      if (previousSongId === songId) {
        return { outcome: 'already-playing' as const, songId, previousSongId: null };
      }
      await liveQueue.mark(caller.hostId, caller.eventId, songId, 'playing');
      return { outcome: 'marked' as const, songId, previousSongId };
    } catch (error) {
      // The song left the queue between the read and the mark (deleted, rejected): nothing to mark.
      if (error instanceof HttpError && error.statusCode === 404) {
        return { outcome: 'unmatched' as const, ...none };
      }
      throw error;
    }
  }

  return {
    /** The booth's bridge panel: the event's deck settings, its live keys and its last tracks. */
    async panel(hostId: number, eventId: number): Promise<BridgePanelData> {
      const event = await ownedEvent(hostId, eventId);
      const [keys, tracks] = await Promise.all([
        listLiveKeys(db, eventId),
        lastTracks(db, eventId, PANEL_TRACKS),
      ]);
      return {
        settings: settingsOf(event),
        keys: keys.map((key): BridgeKey => ({
          id: key.id,
          pairing_code: null,
          pairing_expires_at: iso(key.pairing_expires_at),
          paired_at: iso(key.paired_at),
          last_seen_at: iso(key.last_seen_at),
          source: key.source as BridgeSource | null,
          created_at: key.created_at.toISOString(),
        })),
        tracks: tracks.map((track) => ({
          id: track.track_id,
          title: track.title,
          artist: track.artist,
          deck: track.deck,
          source: track.source as BridgeSource,
          started_at: track.started_at.toISOString(),
          outcome: track.outcome as TrackOutcome,
          song_id: track.song_id,
          previous_song_id: track.previous_song_id,
        })),
      };
    },

    async updateSettings(hostId: number, body: UpdateDeckSettingsBody): Promise<DeckSettings> {
      const event = await updateDeckSettings(db, hostId, body.event_id, {
        follow_decks: body.follow_decks,
        deck_play_seconds: body.play_seconds,
      });
      if (!event) throw notFound(REQUEST_MSG.eventNotFound);
      return settingsOf(event);
    },

    /** A new key for the host's event; its pairing code is in this answer only. */
    async createKey(hostId: number, eventId: number): Promise<BridgeKey> {
      await ownedEvent(hostId, eventId);
      const code = newPairingCode();
      const expiresAt = new Date(Date.now() + PAIRING_CODE_TTL_SECONDS * 1000);
      const row = await insertKey(db, {
        eventId,
        codeHash: sha256(code),
        expiresAt,
        max: BRIDGE_KEYS_PER_EVENT,
      });
      if (!row) throw conflict(BRIDGE_MSG.tooManyKeys);
      return {
        id: row.id,
        pairing_code: formatPairingCode(code),
        pairing_expires_at: expiresAt.toISOString(),
        paired_at: null,
        last_seen_at: null,
        source: null,
        created_at: row.created_at.toISOString(),
      };
    },

    async revokeKey(hostId: number, eventId: number, keyId: number): Promise<void> {
      await ownedEvent(hostId, eventId);
      if (!(await revokeKey(db, eventId, keyId))) throw notFound(BRIDGE_MSG.keyNotFound);
    },

    /** The pairing code's key, paired: its token (never stored, never shown again); null for a wrong code. */
    async pair(code: string): Promise<PairBridgeData | null> {
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const tokenHash = sha256(token);
      if (!(await pairKey(db, sha256(code), tokenHash))) return null;
      const key = await findKeyByToken(db, tokenHash);
      if (!key) return null;
      return {
        token,
        event: { id: key.event_id, name: key.name, code: key.code },
        ...settingsOf(key),
      };
    },

    /** The paired bridge a token names, or 401 (unknown, revoked, or its event deleted). */
    async authenticate(token: string | undefined): Promise<BridgeCaller> {
      if (!token?.startsWith(TOKEN_PREFIX)) throw unauthorized();
      const key = await findKeyByToken(db, sha256(token));
      if (!key || key.deleted_at) throw unauthorized();
      if (key.revoked_at) throw unauthorized(BRIDGE_MSG.revoked);
      return {
        keyId: key.id,
        eventId: key.event_id,
        hostId: key.host_id,
        settings: settingsOf(key),
      };
    },

    /** What the decks played that nobody requested (the set list's unrequested rows). */
    async unrequestedTracks(eventId: number) {
      const rows = await unrequestedTracks(db, eventId);
      return rows.map((row) => ({
        title: row.title,
        artist: row.artist,
        startedAt: row.started_at,
      }));
    },

    /** The bridge was seen (it asked for its settings). */
    seen(caller: BridgeCaller, source?: BridgeSource): Promise<void> {
      return touchKey(db, caller.keyId, source);
    },

    /** A track that started on the decks: kept once per id, and marked while the host follows. */
    async report(caller: BridgeCaller, track: BridgeTrack): Promise<ReportTrackData> {
      const answer = (outcome: TrackOutcome, songId: string | null, repeated: boolean) => ({
        outcome,
        song_id: songId,
        repeated,
        settings: caller.settings,
      });
      const known = await findTrack(db, caller.eventId, track.id);
      if (known) return answer(known.outcome as TrackOutcome, known.song_id, true);
      const startedAt = new Date(track.started_at);
      // Marked first, kept after: a crash between the two is healed by the resend (a mark
      // repeated changes nothing), and two reports of one id at once keep the first.
      const { outcome, songId, previousSongId } = await apply(caller, track, startedAt);
      const inserted = await insertTrack(db, {
        event_id: caller.eventId,
        track_id: track.id,
        bridge_key_id: caller.keyId,
        title: track.title,
        artist: track.artist,
        deck: track.deck,
        source: track.source,
        started_at: startedAt,
        outcome,
        song_id: songId,
        previous_song_id: previousSongId,
      });
      await touchKey(db, caller.keyId, track.source);
      if (!inserted) {
        const first = await findTrack(db, caller.eventId, track.id);
        return answer((first?.outcome ?? outcome) as TrackOutcome, first?.song_id ?? songId, true);
      }
      return answer(outcome, songId, false);
    },
  };
}

export type DecksService = ReturnType<typeof createDecksService>;
