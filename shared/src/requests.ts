import { z } from 'zod';
import { DEFAULT_SONG_DURATION } from './constants.ts';
import { groupedSongRequestSchema, songRequestSchema, isUnrequestedSongId } from './events.ts';
import { idField, optionalText, SINGLE_LINE_MSG } from './fields.ts';
import { MSG } from './messages.ts';
import { alsoAsText, emptyAsAbsent } from './wire-forms.ts';

/**
 * Contracts of song requests (spec §3 Song request, §4 status 0↔1 and
 * mark_as, §7 send-song-request, cancel-song-request, mark-as-song-request).
 */

export const REQUEST_MSG = {
  requested: 'Song requested.',
  alreadyRequested: 'You have already requested this song.',
  cancelled: 'Song request cancelled.',
  joinFirst: 'Join the event before requesting songs.',
  eventEnded: 'This event has ended.',
  eventNotFound: 'Event not found.',
  notFound: 'Song request not found.',
  cannotCancelPlaying: 'This song is playing now: it can no longer be cancelled.',
  cannotCancelPlayed: 'This song was already played: it can no longer be cancelled.',
  unknownSong: 'This song is not in the catalog.',
  markedPlayed: 'Marked as played.',
  markedUnplayed: 'Marked as unplayed.',
  markedPlaying: 'Now playing.',
  markedLater: 'Moved to later.',
  markedRejected: 'Rejected.',
  restored: 'Back in the queue.',
  allowed: 'Shown to the room.',
  deleted: 'Song request deleted.',
} as const;

export const SONG_ID_MAX = 200;
export const SONG_TEXT_MAX = 300;
export const SONG_URL_MAX = 2048;
/** A day: anything longer is not a song. */
export const SONG_DURATION_MAX_SECONDS = 24 * 3600;

/** Song ids of the search results: `cat-…` for the built-in catalog, `<provider>-<id>` otherwise. */
export const CATALOG_SONG_ID_PREFIX = 'cat-';

/**
 * What the host can do to a song of their event (spec §4 played, unplayed,
 * delete; issue 14 the booth's playing, later, reject and restore):
 * - playing: it becomes the event's now-playing song; the previous one
 *   becomes played; its own later flag is cleared (other songs keep theirs).
 * - played / unplayed: its requests become played / waiting again; either
 *   stops it when it was playing.
 * - later: below every waiting song until the DJ plays it or brings it back (restore).
 * - reject: out of the queue for good in this event; its requesters are told.
 * - restore: clears later and reject (the booth's Undo of both).
 * - delete: its requests are removed.
 */
export const MARK_AS = [
  'played',
  'unplayed',
  'delete',
  'playing',
  'later',
  'reject',
  'restore',
  'allow',
] as const;
export type MarkAs = (typeof MARK_AS)[number];

/** A dedication's longest length. */
export const DEDICATION_MAX = 140;
export const DEDICATION_CONTROL_MSG = 'Must not contain control characters.';

/**
 * A dedication: trimmed, one line, no control character (not even a tab), at
 * most DEDICATION_MAX characters; missing or empty means none (null).
 */
export const dedicationField = z
  .string({ error: 'Must be text.' })
  .trim()
  .max(DEDICATION_MAX, `Must be at most ${DEDICATION_MAX} characters.`)
  .refine((text) => !/[\r\n\u2028\u2029]/.test(text), SINGLE_LINE_MSG)
  // eslint-disable-next-line no-control-regex -- control characters are the point
  .refine((text) => !/[\u0000-\u001F\u007F-\u009F]/.test(text), DEDICATION_CONTROL_MSG)
  .nullish()
  .transform((value) => (value ? value : null));

export const songIdField = z
  .string({
    error: (issue) => (issue.input == null ? MSG.fieldRequired : 'Must be a song id.'),
  })
  .trim()
  .min(1, MSG.fieldRequired)
  .max(SONG_ID_MAX, `Must be at most ${SONG_ID_MAX} characters.`)
  .regex(/^[A-Za-z0-9][\w.:~-]*$/, 'Must be a song id from the song search.');

/** An http(s) link or nothing; other schemes (javascript:, data:) are refused. */
const songUrlField = emptyAsAbsent(
  z
    .string()
    .trim()
    .max(SONG_URL_MAX, `Must be at most ${SONG_URL_MAX} characters.`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'Must be a link starting with http:// or https://')
    .optional(),
);

/** Seconds; missing, empty or 0 reads as the spec's default (5). */
const songDurationField = emptyAsAbsent(
  alsoAsText(
    z.coerce
      .number({ error: 'Must be a number.' })
      .finite('Must be a number.')
      .min(0, 'Must not be negative.')
      .max(SONG_DURATION_MAX_SECONDS, `Must be at most ${SONG_DURATION_MAX_SECONDS} seconds.`)
      .transform((value) => Math.round(value) || DEFAULT_SONG_DURATION)
      .optional(),
  ),
);

/**
 * A song request's idempotency key (issue 15): the phone makes one per
 * request (`crypto.randomUUID()` fits) and sends it again with every retry;
 * the server answers a key it has seen with the answer it gave first.
 */
export const CLIENT_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const CLIENT_REQUEST_ID_MSG = 'Must be 8 to 64 letters, digits, "-" or "_".';
/**
 * How long the server remembers a key and its answer (at least; the prune
 * runs every PRUNE_INTERVAL_MINUTES). A phone gives up a request it kept
 * longer than this: a retry after it would be judged anew.
 */
export const CLIENT_REQUEST_ID_TTL_SECONDS = 24 * 60 * 60;

export const clientRequestIdField = z
  .string({ error: CLIENT_REQUEST_ID_MSG })
  .regex(CLIENT_REQUEST_ID_PATTERN, CLIENT_REQUEST_ID_MSG)
  .nullish();

/**
 * send-song-request (spec §7 names). For a built-in catalog song (`cat-…`) the
 * server takes title, artist, album and duration from its catalog and ignores
 * what was sent; other songs need a name, and their other fields are checked
 * and defaulted (album 'N/A', duration 5). A free-text request (`free_text`)
 * is only its typed title and artist.
 */
export const sendSongRequestBody = z.object({
  event_id: idField,
  // The decks' unrequested tracks have ids of their own: no request takes one.
  song_id: songIdField.refine(
    (songId) => !isUnrequestedSongId(songId),
    'Must be a song id from the song search.',
  ),
  song_name: optionalText(SONG_TEXT_MAX),
  song_artist: optionalText(SONG_TEXT_MAX),
  album_name: optionalText(SONG_TEXT_MAX),
  song_image: songUrlField,
  song_link: songUrlField,
  song_duration: songDurationField,
  /**
   * The search result's explicit mark, for a song of a music service (a
   * built-in catalog song carries the catalog's own mark; this is ignored).
   */
  explicit: emptyAsAbsent(alsoAsText(z.union([z.boolean(), z.stringbool()])).optional()),
  /**
   * A song the search did not find, sent as typed ("Request “…” anyway"):
   * `song_name` is the typed title (required), `song_artist` the typed artist
   * (optional). The server makes the song id from them (`freeTextSongId`:
   * the same typed song from many guests is one entry) and ignores the sent
   * `song_id`, artwork, link, album, length and explicit mark. A `song_id`
   * with the typed songs' prefix (`typed-`) makes a request free text too.
   */
  free_text: emptyAsAbsent(alsoAsText(z.union([z.boolean(), z.stringbool()])).optional()),
  /** A dedication for the DJ; only the host and the sender ever see it. */
  message: dedicationField,
  /** Must be the caller when sent. */
  attendee_id: idField.optional(),
  /** Accepted and ignored: requests show the account's own name. */
  attendee_name: z.string().max(500).optional(),
  /**
   * The idempotency key: a repeat of it (the same attendee) answers the first
   * answer again — same status, message and data — and writes nothing.
   */
  client_request_id: clientRequestIdField,
});
export type SendSongRequestBody = z.infer<typeof sendSongRequestBody>;

export const cancelSongRequestBody = z.object({
  event_id: idField,
  song_id: songIdField,
  attendee_id: idField.optional(),
});
export type CancelSongRequestBody = z.infer<typeof cancelSongRequestBody>;

/** get-song-requesters: who asked for one song of the host's event, oldest first. */
export const songRequestersQuery = z.object({
  event_id: idField,
  song_id: songIdField,
});
export type SongRequestersQuery = z.infer<typeof songRequestersQuery>;
export const songRequestersData = z.array(songRequestSchema);

export const SET_LIST_FORMATS = ['csv', 'm3u'] as const;
export type SetListFormat = (typeof SET_LIST_FORMATS)[number];

/** export-set-list: the host's event, as a spreadsheet (CSV) or a playlist (M3U). */
export const exportSetListQuery = z.object({
  event_id: idField,
  format: z.enum(SET_LIST_FORMATS, { error: 'Must be csv or m3u.' }).default('csv'),
});
export type ExportSetListQuery = z.infer<typeof exportSetListQuery>;

export const markSongRequestBody = z.object({
  event_id: idField,
  song_id: songIdField,
  mark_as: z.enum(MARK_AS, {
    error: 'Must be played, unplayed, delete, playing, later, reject, restore or allow.',
  }),
});
export type MarkSongRequestBody = z.infer<typeof markSongRequestBody>;

/** send-song-request's data: the caller's own request and the song's entry in the host's queue. */
export const sendSongRequestData = z.object({
  song_request: songRequestSchema,
  grouped_song_request: groupedSongRequestSchema,
  /** False when the caller had already requested this song (nothing changed). */
  created: z.boolean(),
});
export type SendSongRequestData = z.infer<typeof sendSongRequestData>;

/** cancel-song-request's data: the song's entry after the cancel, null when it left the queue. */
export const cancelSongRequestData = z.object({
  event_id: z.number().int(),
  song_id: z.string(),
  grouped_song_request: groupedSongRequestSchema.nullable(),
});
export type CancelSongRequestData = z.infer<typeof cancelSongRequestData>;

export const removedSongSchema = z.object({
  removed: z.literal(true),
  event_id: z.number().int(),
  song_id: z.string(),
});
export type RemovedSong = z.infer<typeof removedSongSchema>;

/** mark-as-song-request's data (spec §4): the entry that replaces the old one, or what was removed. */
export const markResult = z.union([groupedSongRequestSchema, removedSongSchema]);
export type MarkResult = z.infer<typeof markResult>;
