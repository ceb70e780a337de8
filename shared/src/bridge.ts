import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { singleLineText } from './fields.ts';

/**
 * The decks bridge (`bridge/`): a program on the DJ's laptop that follows
 * the DJ software and reports each track that starts playing to the room.
 * These are the shapes it sends; the server checks each with them.
 */

/** The software (or feed) a track start was read from. */
export const BRIDGE_SOURCES = [
  'serato',
  'virtualdj',
  'traktor',
  'mixxx',
  'engine-dj',
  'prolink',
  'text',
  'http',
] as const;
export type BridgeSource = (typeof BRIDGE_SOURCES)[number];

export const BRIDGE_TEXT_MAX = 200;
/** Hex digits of a track start's id: 128 bits of SHA-256. */
const TRACK_ID_HEX_DIGITS = 32;

/** A line of text that may be empty (an unknown artist). */
const optionalLine = z
  .string()
  .trim()
  .max(BRIDGE_TEXT_MAX, `Must be at most ${BRIDGE_TEXT_MAX} characters.`)
  .refine((text) => !/[\r\n\u2028\u2029]/.test(text), 'Must be a single line.')
  .default('');

/** One track that started playing, as the bridge reports it. */
export const bridgeTrackSchema = z.object({
  /** The same start always has the same id (`bridgeTrackId`), so a resent report changes nothing. */
  id: z.string().regex(new RegExp(`^[0-9a-f]{${TRACK_ID_HEX_DIGITS}}$`), 'Must be a track id.'),
  title: singleLineText(BRIDGE_TEXT_MAX),
  artist: optionalLine,
  started_at: z.iso.datetime({ offset: true, error: 'Must be a date and time.' }),
  deck: z.string().trim().max(16).nullable().default(null),
  source: z.enum(BRIDGE_SOURCES),
});
export type BridgeTrack = z.infer<typeof bridgeTrackSchema>;

/** What anything else (an OBS plugin, a script) may post to the bridge's own feed on 127.0.0.1. */
export const bridgeFeedSchema = z.object({
  title: singleLineText(BRIDGE_TEXT_MAX),
  artist: optionalLine,
});

/** A track start's id: the same source, deck, start and song always make the same one. */
export function bridgeTrackId(track: {
  source: BridgeSource;
  deck: string | null;
  startedAt: Date;
  artist: string;
  title: string;
}): string {
  const key = [
    track.source,
    track.deck ?? '',
    track.startedAt.toISOString(),
    track.artist,
    track.title,
  ].join('\u0000');
  return bytesToHex(sha256(utf8ToBytes(key))).slice(0, TRACK_ID_HEX_DIGITS);
}
