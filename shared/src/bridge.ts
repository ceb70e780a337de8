import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { idField, singleLineText } from './fields.ts';

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

/**
 * Pairing (the booth makes a key; the bridge exchanges its pairing code for a
 * token): the code the booth shows is `PAIRING_CODE_LENGTH` characters of an
 * alphabet without look-alikes, shown in two halves ("K7QM-3XWD"), good
 * once and for `PAIRING_CODE_TTL_SECONDS`.
 */
export const PAIRING_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_TTL_SECONDS = 10 * 60;
/** Live keys one event may hold (a laptop and a spare, say). */
export const BRIDGE_KEYS_PER_EVENT = 5;

/** How long a deck must play a track before it counts (seconds), and the default. */
export const PLAY_SECONDS = { min: 5, max: 300, default: 30 } as const;

export const BRIDGE_MSG = {
  keyCreated: 'Bridge key created. Type its pairing code into the bridge.',
  keyRevoked: 'Bridge key revoked.',
  paired: 'Paired.',
  pairingCodeInvalid: 'This pairing code is wrong or has expired. Make a new one in the booth.',
  tooManyKeys: `An event holds at most ${BRIDGE_KEYS_PER_EVENT} bridge keys. Revoke one first.`,
  keyNotFound: 'No such bridge key for this event.',
  revoked: 'This bridge key was revoked. Pair again from the booth.',
  trackTaken: 'Track received.',
  settingsSaved: 'Deck settings saved.',
} as const;

/** A pairing code as typed: any case, spaces and dashes ignored. */
export const pairingCodeField = z
  .string({ error: 'Must be a pairing code.' })
  .transform((text) => text.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`),
        `Must be the ${PAIRING_CODE_LENGTH}-character pairing code the booth shows.`,
      ),
  );

/** The pairing code as the booth shows it: two halves. */
export function formatPairingCode(code: string): string {
  const half = PAIRING_CODE_LENGTH / 2;
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

export const pairBridgeBody = z.object({ pairing_code: pairingCodeField });
export type PairBridgeBody = z.infer<typeof pairBridgeBody>;

/** What a bridge learns by pairing: its token (shown once, never again) and its event. */
export const pairBridgeData = z.object({
  token: z.string(),
  event: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  follow_decks: z.boolean(),
  play_seconds: z.number().int(),
});
export type PairBridgeData = z.infer<typeof pairBridgeData>;

/** The event's deck settings: whether bridge reports mark the queue, and the N seconds rule. */
export const deckSettingsSchema = z.object({
  follow_decks: z.boolean(),
  play_seconds: z.number().int(),
});
export type DeckSettings = z.infer<typeof deckSettingsSchema>;

export const updateDeckSettingsBody = z.object({
  event_id: idField,
  follow_decks: z.boolean().optional(),
  play_seconds: z
    .number({ error: 'Must be a number of seconds.' })
    .int('Must be a whole number of seconds.')
    .min(PLAY_SECONDS.min, `Must be at least ${PLAY_SECONDS.min} seconds.`)
    .max(PLAY_SECONDS.max, `Must be at most ${PLAY_SECONDS.max} seconds.`)
    .optional(),
});
export type UpdateDeckSettingsBody = z.infer<typeof updateDeckSettingsBody>;

/** What a bridge asks as it starts and every minute: its event's settings (and it is seen). */
export const bridgeStatusQuery = z.object({ source: z.enum(BRIDGE_SOURCES).optional() });
export const bridgeStatusData = deckSettingsSchema;

export const bridgeEventQuery = z.object({ event_id: idField });
export const createBridgeKeyBody = z.object({ event_id: idField });
export const revokeBridgeKeyBody = z.object({ event_id: idField, key_id: idField });

/**
 * What became of a track the bridge reported: it marked a song playing; it
 * matched nothing waiting (the song that was playing has played); the host
 * does not follow the decks; its song was already playing; or a track that
 * started later had been reported first (it moves nothing).
 */
export const TRACK_OUTCOMES = [
  'marked',
  'unmatched',
  'not-following',
  'already-playing',
  'superseded',
] as const;
export type TrackOutcome = (typeof TRACK_OUTCOMES)[number];

/** A track a bridge reported, as the booth lists it. */
export const deckTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  deck: z.string().nullable(),
  source: z.enum(BRIDGE_SOURCES),
  started_at: z.string(),
  outcome: z.enum(TRACK_OUTCOMES),
  /** The queued song it was matched to, when one was. */
  song_id: z.string().nullable(),
  /** What was playing when this track moved the queue on: an undo plays it again. */
  previous_song_id: z.string().nullable(),
});
export type DeckTrack = z.infer<typeof deckTrackSchema>;

/** A bridge key as the booth lists it: never its token. */
export const bridgeKeySchema = z.object({
  id: z.number().int(),
  /** Only in the answer that made the key (a secret until used), formatted "K7QM-3XWD". */
  pairing_code: z.string().nullable(),
  pairing_expires_at: z.string().nullable(),
  paired_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** The software the bridge last reported from. */
  source: z.enum(BRIDGE_SOURCES).nullable(),
  created_at: z.string(),
});
export type BridgeKey = z.infer<typeof bridgeKeySchema>;

/** The booth's bridge panel: the settings, the keys and the last tracks reported. */
export const bridgePanelData = z.object({
  settings: deckSettingsSchema,
  keys: z.array(bridgeKeySchema),
  tracks: z.array(deckTrackSchema),
});
export type BridgePanelData = z.infer<typeof bridgePanelData>;

/** The bridge's report of a track start answered. */
export const reportTrackData = z.object({
  outcome: z.enum(TRACK_OUTCOMES),
  song_id: z.string().nullable(),
  /** True when this id had been reported before (nothing changed this time). */
  repeated: z.boolean(),
  /** The booth's settings now, so a running bridge follows a change. */
  settings: deckSettingsSchema,
});
export type ReportTrackData = z.infer<typeof reportTrackData>;

/**
 * The bridge as single executables (Node's SEA), as a build made them: one
 * per system it was built on, listed in `downloads/executables.json` beside
 * the one-file bridge, so the booth offers only what is there.
 */
export const bridgeExecutablesSchema = z.array(
  z.object({
    /** Node's name of the system: `linux`, `darwin`, `win32`. */
    os: z.string(),
    arch: z.string(),
    /** Its name in `downloads/`. */
    file: z.string().regex(/^floorfill-bridge-[\w.-]+$/),
  }),
);
export type BridgeExecutable = z.infer<typeof bridgeExecutablesSchema>[number];
