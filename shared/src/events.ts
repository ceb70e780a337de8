import { z } from 'zod';
import { EVENT_LIST_DEFAULT_PER_PAGE, EVENT_LIST_MAX_PER_PAGE } from './constants.ts';
import { idField, optionalText, requiredText, singleLineText } from './fields.ts';
import { requestSettingsSchema } from './request-settings.ts';
import { MSG } from './messages.ts';
import { emptyAsAbsent } from './wire-forms.ts';

/** Contracts of the host's event calls (spec §7 event rows, §3 Event, §5 validation). */

export const EVENT_NAME_MAX = 120;
export const EVENT_ADDRESS_MAX = 200;
export const EVENT_PLACE_MAX = 100;
export const EVENT_ZIP_MAX = 20;
export const EVENT_SEARCH_MAX = 100;
/** Largest image a form may upload (banner, profile image, cover photo), after base64 decoding. */
export const IMAGE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

export function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = z
  .string()
  .trim()
  .max(64)
  .refine(isValidTimeZone, 'Must be a valid IANA time zone, such as Europe/Berlin.');

/** An instant with its offset, as `Date.toISOString()` or a picker sends it. */
export const dateTimeField = z
  .string({
    error: (issue) => (issue.input == null ? MSG.fieldRequired : 'Must be a date and time.'),
  })
  .trim()
  .min(1, MSG.fieldRequired)
  .pipe(z.iso.datetime({ offset: true, error: 'Must be a valid date and time.' }));

/** A calendar day, YYYY-MM-DD. */
export const calendarDayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day as YYYY-MM-DD.')
  .refine((value) => {
    // Date.parse rolls 2026-02-31 over to March; a real day survives the round trip.
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
  }, 'Must be a real day.');

/** Fields both the create and the update form send. */
export const eventFieldsShape = {
  name: singleLineText(EVENT_NAME_MAX),
  start_time: dateTimeField,
  end_time: dateTimeField,
  address: optionalText(EVENT_ADDRESS_MAX),
  zip: optionalText(EVENT_ZIP_MAX),
  city: optionalText(EVENT_PLACE_MAX),
  state: optionalText(EVENT_PLACE_MAX),
  country: optionalText(EVENT_PLACE_MAX),
  /** The venue's time zone; formatted times are shown in it. Defaults to UTC. */
  timezone: timeZoneField.optional(),
  /** Accepted for the spec's clients; must equal the session's user when present. */
  host_id: idField.optional(),
};

/** Create: name, times, address, city and country are required (see docs/decisions.md). */
export const createEventShape = {
  ...eventFieldsShape,
  address: requiredText(EVENT_ADDRESS_MAX),
  city: requiredText(EVENT_PLACE_MAX),
  country: requiredText(EVENT_PLACE_MAX),
};

/** Update: the spec requires only name and times; plus the event's id. */
export const updateEventShape = {
  ...eventFieldsShape,
  id: idField,
  /** A data URL (data:image/...;base64,...) of a new banner; absent or empty keeps the old one. */
  banner: z.string().max(12_000_000, 'The image is too large.').optional(),
};

export function endAfterStart(
  value: { start_time: string; end_time: string },
  ctx: z.RefinementCtx,
): void {
  if (Date.parse(value.end_time) <= Date.parse(value.start_time)) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_time'],
      message: 'The end time must be after the start time.',
    });
  }
}

export const createEventBody = z.object(createEventShape).superRefine(endAfterStart);
export type CreateEventBody = z.infer<typeof createEventBody>;
export const updateEventBody = z.object(updateEventShape).superRefine(endAfterStart);
export type UpdateEventBody = z.infer<typeof updateEventBody>;

export const eventIdBody = z.object({ id: idField });
export const eventIdQuery = z.object({ id: idField });

/** get-event-details: the event, and `include=requests` for every request besides the grouped queue. */
export const hostEventDetailsQuery = eventIdQuery.extend({
  include: z.enum(['requests'], { error: 'Must be requests.' }).optional(),
});
export type HostEventDetailsQuery = z.infer<typeof hostEventDetailsQuery>;

export const EVENT_SORTS = ['name', 'start_time'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

export const eventListQuery = z.object({
  host_id: emptyAsAbsent(idField.optional()),
  /** One calendar day in `tz` (the host's time zone): events that start on that local day. */
  date: emptyAsAbsent(calendarDayField.optional()),
  tz: emptyAsAbsent(timeZoneField.default('UTC')),
  page: emptyAsAbsent(
    z.coerce
      .number({ error: 'Must be a number.' })
      .int('Must be a whole number.')
      .min(1, 'Must be at least 1.')
      .max(1_000_000, 'Must be at most 1000000.')
      .default(1),
  ),
  /** Larger values are capped, not refused. */
  perPage: emptyAsAbsent(
    z.coerce
      .number({ error: 'Must be a number.' })
      .int('Must be a whole number.')
      .min(1, 'Must be at least 1.')
      .default(EVENT_LIST_DEFAULT_PER_PAGE)
      .transform((value) => Math.min(value, EVENT_LIST_MAX_PER_PAGE)),
  ),
  /** Matches name, address, zip, city, state and country, case-insensitively, as plain text. */
  search: z
    .string()
    .trim()
    .max(EVENT_SEARCH_MAX, `Must be at most ${EVENT_SEARCH_MAX} characters.`)
    .optional(),
  sort: emptyAsAbsent(z.enum(EVENT_SORTS).default('start_time')),
  order: emptyAsAbsent(z.enum(SORT_ORDERS).default('desc')),
  /** Spec §7 lists `filter` without meaning: all, upcoming (not ended) or past. */
  filter: emptyAsAbsent(z.enum(['all', 'upcoming', 'past']).default('all')),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

/** A member as every view of their profile starts: who they are and their pictures. */
export const memberFaceShape = {
  id: z.number().int(),
  name: z.string(),
  display_name: z.string().nullable(),
  bio: z.string().nullable(),
  profile_image_path: z.string().nullable(),
  cover_photo_path: z.string().nullable(),
};

export const eventHostSchema = z.object({
  ...memberFaceShape,
  rating: z.number(),
  total_review: z.number().int(),
  /** Can the host take a tip now (payouts set up)? Attendee screens offer "Tip" only then. */
  accepts_tips: z.boolean(),
});
export type EventHost = z.infer<typeof eventHostSchema>;

/** An event as lists and cards show it. Paths are absolute URL paths on the API origin. */
export const eventSummarySchema = z.object({
  id: z.number().int(),
  host_id: z.number().int(),
  name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  timezone: z.string(),
  formatted_start_time: z.string(),
  formatted_end_time: z.string(),
  /** e.g. "NOV" — the card's month badge; with start_day "21". */
  start_date_month: z.string(),
  start_day: z.string(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  /** Address parts joined, or 'N/A'. */
  location: z.string(),
  banner_path: z.string().nullable(),
  banner_base_path: z.string(),
  code: z.string(),
  event_code: z.string(),
  /** The event's landing URL (`/e/<code>`), which the QR encodes. */
  url: z.string(),
  qrcode_path: z.string(),
  qrcode_base_path: z.string(),
  enrolled_users_count: z.number().int(),
  song_requests_count: z.number().int(),
  is_live: z.boolean(),
  has_ended: z.boolean(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** One attendee's request (spec §3 Song request). */
export const songRequestSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  attendee_id: z.number().int(),
  attendee_name: z.string(),
  song_id: z.string(),
  song_name: z.string(),
  song_artist: z.string().nullable(),
  album_name: z.string(),
  song_image: z.string().nullable(),
  song_link: z.string().nullable(),
  song_duration: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
  /**
   * The dedication sent with the request, or null. Only the host and the
   * request's own attendee ever see it.
   */
  message: z.string().nullable(),
  created_at: z.string(),
  /** When the request was played (the DJ's next song started, or they marked it played), or null. */
  played_at: z.string().nullable(),
});
export type SongRequest = z.infer<typeof songRequestSchema>;

/** All requests for one song in one event, as the host's queue shows them. */
export const groupedSongRequestSchema = songRequestSchema
  .omit({ id: true, attendee_id: true, attendee_name: true, message: true, created_at: true })
  .extend({
    request_count: z.number().int(),
    first_requested_at: z.string(),
    played_at: z.string().nullable(),
    /** The host put it off with Later: sorted below every waiting song until it plays or is restored. */
    later: z.boolean(),
    /**
     * Its turn in a fair-share queue: the best among its waiting requests of
     * how many requests that guest had made in the event, this one included
     * (1: someone's first). Counted when each request is made.
     */
    turn: z.number().int(),
    /**
     * The boosts on it that are held or charged, in minor units of the
     * event's boost currency (issue 30): a song's total, never who gave what.
     */
    boost_cents: z.number().int(),
    /**
     * Its words (title, artist, album) wait for the host: the big screen and
     * other guests see `roomViewOfSong`'s neutral form until the host allows
     * it (`mark_as: allow`).
     */
    held: z.boolean(),
    /** How many of its requests carry a dedication (the messages come from get-song-requesters). */
    dedication_count: z.number().int(),
    /**
     * Typed by a guest ("Request “…” anyway"), not picked from a search: its
     * title and artist are as typed, with no artwork or link.
     */
    free_text: z.boolean(),
  });
export type GroupedSongRequest = z.infer<typeof groupedSongRequestSchema>;

/**
 * The event's now-playing song: its queue entry and when it started (the
 * host pressed Play, or the decks played it). A track the decks play that
 * nobody asked for (issue 28) plays too, with `requested: false`: its title
 * and artist as the DJ software named them, an id of its own
 * (`UNREQUESTED_SONG_ID_PREFIX`), no count, artwork, link or length. Marking
 * it played (the booth's P) ends it; no other mark applies to it.
 */
export const nowPlayingSchema = groupedSongRequestSchema.extend({
  started_at: z.string(),
  requested: z.boolean(),
});
export type NowPlaying = z.infer<typeof nowPlayingSchema>;

/** The id of a now-playing track nobody requested starts with this; no requested song's ever does. */
export const UNREQUESTED_SONG_ID_PREFIX = 'deck-';

/** Is this the id of a track the decks play that nobody requested? */
export function isUnrequestedSongId(songId: string): boolean {
  return songId.startsWith(UNREQUESTED_SONG_ID_PREFIX);
}

/**
 * The host's snapshot: the grouped queue, one entry per song. Every single
 * request (who asked, when) only with `include=requests`: a big event's
 * requests are a megabyte its booth screen never shows; who asked for one
 * song comes from get-song-requesters.
 */
export const hostEventDetailsSchema = eventSummarySchema.extend({
  seq: z.number().int(),
  request_settings: requestSettingsSchema,
  now_playing: nowPlayingSchema.nullable(),
  song_requests: z.array(songRequestSchema).optional(),
  /** Never holds a rejected song. */
  grouped_song_requests: z.array(groupedSongRequestSchema),
  host: eventHostSchema,
});
export type HostEventDetails = z.infer<typeof hostEventDetailsSchema>;

export const hostDashboardSchema = z.object({
  events: z.number().int(),
  users: z.number().int(),
  requests: z.number().int(),
});
export type HostDashboard = z.infer<typeof hostDashboardSchema>;

/** Answers of the event writes (toasted by the web app). */
export const EVENT_MSG = {
  created: 'Event created successfully.',
  updated: 'Event updated successfully.',
  deleted: 'Event deleted successfully.',
  notFound: 'Event not found.',
} as const;

/** Calls that only name the host (spec §7 sends host_id; it must be the caller). */
export const hostOnlyQuery = z.object({ host_id: idField.optional() });

export const UPCOMING_EVENTS_MAX = 50;

/** A calendar month, YYYY-MM. */
export const calendarMonthField = z
  .string({
    error: (issue) => (issue.input == null ? MSG.fieldRequired : 'Must be a month as YYYY-MM.'),
  })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month as YYYY-MM.');

/**
 * The dashboard calendar (not in the spec): which days of a month, in the
 * host's time zone, have events starting on them, without loading every event.
 */
export const eventCalendarQuery = z.object({
  host_id: idField.optional(),
  month: calendarMonthField,
  tz: timeZoneField.default('UTC'),
});
export type EventCalendarQuery = z.infer<typeof eventCalendarQuery>;

export const eventCalendarDaySchema = z.object({
  /** YYYY-MM-DD in the requested time zone. */
  date: z.string(),
  count: z.number().int(),
});
export const eventCalendarSchema = z.object({ days: z.array(eventCalendarDaySchema) });
export type EventCalendar = z.infer<typeof eventCalendarSchema>;

/** delete-event's data. */
export const deletedEventSchema = z.object({ id: z.number().int() });
