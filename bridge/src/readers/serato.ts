import { followFile, newestIn } from '../follow-file.ts';
import type { DeckEvent, Reader } from '../track.ts';

export interface SeratoOptions {
  /** Serato's `_Serato_/History/Sessions` folder; the newest `.session` file is the night's. */
  folder: string;
  onEvent(event: DeckEvent): void;
  onError?(error: unknown): void;
  intervalMs?: number;
}

/**
 * Fields of a session entry's `adat` chunk that the bridge reads: each field
 * is a 4-byte big-endian id, a 4-byte big-endian length and the value;
 * text is UTF-16BE ending in a NUL, times are Unix seconds (u32), flags one byte.
 */
export const SERATO_FIELD = {
  row: 1,
  title: 6,
  artist: 7,
  startTime: 28,
  endTime: 29,
  deck: 31,
  played: 50,
} as const;

export interface SeratoEntry {
  row: number | null;
  title: string;
  artist: string;
  deck: number | null;
  startTime: number | null;
  endTime: number | null;
  played: boolean;
}

function utf16be(bytes: Buffer): string {
  const whole = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  const value = whole.swap16().toString('utf16le');
  // The closing NUL (and any padding after it) is not part of the text.
  const end = value.indexOf('\u0000');
  return (end === -1 ? value : value.slice(0, end)).trim();
}

function unsigned(bytes: Buffer): number | null {
  if (bytes.length === 4) return bytes.readUInt32BE(0);
  if (bytes.length === 8) return Number(bytes.readBigUInt64BE(0));
  if (bytes.length === 1) return bytes.readUInt8(0);
  return null;
}

/** One `adat` chunk's fields. */
export function readEntry(adat: Buffer): SeratoEntry {
  const entry: SeratoEntry = {
    row: null,
    title: '',
    artist: '',
    deck: null,
    startTime: null,
    endTime: null,
    played: false,
  };
  for (let at = 0; at + 8 <= adat.length;) {
    const id = adat.readUInt32BE(at);
    const length = adat.readUInt32BE(at + 4);
    const value = adat.subarray(at + 8, at + 8 + length);
    at += 8 + length;
    switch (id) {
      case SERATO_FIELD.row:
        entry.row = unsigned(value);
        break;
      case SERATO_FIELD.title:
        entry.title = utf16be(value);
        break;
      case SERATO_FIELD.artist:
        entry.artist = utf16be(value);
        break;
      case SERATO_FIELD.startTime:
        entry.startTime = unsigned(value);
        break;
      case SERATO_FIELD.endTime:
        entry.endTime = unsigned(value);
        break;
      case SERATO_FIELD.deck:
        entry.deck = unsigned(value);
        break;
      case SERATO_FIELD.played:
        entry.played = value.length > 0 && value[0] !== 0;
        break;
    }
  }
  return entry;
}

/** The `adat` chunks of a session file's bytes that are whole; answers where the rest begins. */
export function readChunks(bytes: Buffer, onEntry: (entry: SeratoEntry) => void): number {
  let at = 0;
  while (at + 8 <= bytes.length) {
    const tag = bytes.toString('latin1', at, at + 4);
    const length = bytes.readUInt32BE(at + 4);
    if (at + 8 + length > bytes.length) break;
    if (tag === 'oent') {
      const body = bytes.subarray(at + 8, at + 8 + length);
      for (let inner = 0; inner + 8 <= body.length;) {
        const innerTag = body.toString('latin1', inner, inner + 4);
        const innerLength = body.readUInt32BE(inner + 4);
        if (innerTag === 'adat')
          onEntry(readEntry(body.subarray(inner + 8, inner + 8 + innerLength)));
        inner += 8 + innerLength;
      }
    }
    at += 8 + length;
  }
  return at;
}

/**
 * Serato DJ's history: while it runs, each track loaded to a deck is appended
 * to the session file as an `oent` chunk holding an `adat` chunk; when the
 * entry changes (played, then ended) a new chunk for the same row follows.
 * An entry not yet played is a loaded track; a played one is playing on its
 * deck from its start time, and until its end time once it has one.
 */
export function followSerato({ folder, onEvent, onError, intervalMs }: SeratoOptions): Reader {
  let pending = Buffer.alloc(0);
  const onEntry = (entry: SeratoEntry) => {
    if (entry.deck === null || (!entry.title && !entry.artist)) return;
    const deck = String(entry.deck);
    const track = { artist: entry.artist, title: entry.title };
    const at = entry.startTime !== null ? new Date(entry.startTime * 1000) : new Date();
    if (!entry.played) {
      onEvent({ kind: 'loaded', deck, track, at });
      return;
    }
    const until = entry.endTime !== null ? new Date(entry.endTime * 1000) : undefined;
    onEvent({ kind: 'playing', deck, track, at, until });
  };
  const follower = followFile(newestIn(folder, ['.session']), {
    fromStart: true,
    intervalMs,
    onError,
    onBytes: (bytes, restarted) => {
      pending = restarted ? Buffer.from(bytes) : Buffer.concat([pending, bytes]);
      pending = pending.subarray(readChunks(pending, onEntry));
    },
  });
  return { source: 'serato', ready: follower.ready, close: () => follower.close() };
}
