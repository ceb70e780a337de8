import { z } from 'zod';
import { BOOST_LIMITS, BOOST_ORDERS } from './boosts.ts';
import { idField, singleLineText } from './fields.ts';
import { alsoAsJsonText, alsoAsText, emptyAsAbsent } from './wire-forms.ts';

/**
 * The host's request controls for a live event (issue 14): whether requests
 * are open, how many waiting requests one guest may hold, how long a guest
 * waits between two requests, how long a played song rests before it can be
 * asked for again, whether explicit songs are taken, and terms (artist or
 * title, case-insensitive) the DJ does not take; and whether the big screen
 * names who asked. They apply to requests made
 * after a change, never to what is already queued.
 */

export const REQUEST_SETTINGS_MAX = {
  openRequestsPerGuest: 50,
  cooldownSeconds: 3600,
  repeatMinutes: 720,
  blockedTerms: 200,
  blockedTermLength: 100,
} as const;

/**
 * How the waiting songs are ordered (issue 29), Later ones last whatever
 * the order:
 * - `most_requested`: the most asked for first, then the earliest asked
 *   (the default; the spec's order);
 * - `first_come`: the earliest asked first;
 * - `fair_share`: in turns — every guest's first request before anyone's
 *   second, every second before anyone's third (a song takes the best turn
 *   among its requesters); within a turn, the most asked for first.
 */
export const QUEUE_ORDERS = ['most_requested', 'first_come', 'fair_share'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

/** What a guest reads under their requests while the host takes songs in turns. */
export const FAIR_SHARE_HINT =
  'Fair share tonight: everyone’s first song plays before anyone’s second.';

export const requestSettingsSchema = z.object({
  requests_open: z.boolean(),
  /** 0: no limit. */
  max_open_requests_per_guest: z.number().int(),
  guest_cooldown_seconds: z.number().int(),
  song_repeat_minutes: z.number().int(),
  allow_explicit: z.boolean(),
  blocked: z.array(z.string()),
  /** Whether the big screen shows who asked (first names). */
  display_requester_names: z.boolean(),
  queue_order: z.enum(QUEUE_ORDERS),
  /** Guests may boost their requests (issue 30): paid only if the song plays. */
  boosts_enabled: z.boolean(),
  /** The smallest boost, in minor units of `boost_currency`. */
  boost_min_cents: z.number().int(),
  /** The host's account currency, set when boosts are turned on. */
  boost_currency: z.string(),
  /** Whether boosts move a song: not at all, ahead of the queue order, or only between equals. */
  boost_order: z.enum(BOOST_ORDERS),
  /** How long a song must play before its boosts are charged ("counts as played"). */
  boost_counts_after_seconds: z.number().int(),
  /** Whether the big screen marks boosted songs (never with amounts). */
  display_boosted: z.boolean(),
});
export type RequestSettings = z.infer<typeof requestSettingsSchema>;

export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
  requests_open: true,
  max_open_requests_per_guest: 0,
  guest_cooldown_seconds: 0,
  song_repeat_minutes: 0,
  allow_explicit: true,
  blocked: [],
  display_requester_names: false,
  queue_order: 'most_requested',
  boosts_enabled: false,
  boost_min_cents: BOOST_LIMITS.defaultMinCents,
  boost_currency: 'usd',
  boost_order: 'off',
  boost_counts_after_seconds: BOOST_LIMITS.defaultCountsAfterSeconds,
  display_boosted: false,
};

const wholeNumber = (max: number) =>
  emptyAsAbsent(
    alsoAsText(
      z.coerce
        .number({ error: `Must be a whole number from 0 to ${max}.` })
        .int(`Must be a whole number from 0 to ${max}.`)
        .min(0, `Must be a whole number from 0 to ${max}.`)
        .max(max, `Must be a whole number from 0 to ${max}.`),
    ),
  ).optional();

const boostMinError = `Must be whole cents from ${BOOST_LIMITS.minCents} to ${BOOST_LIMITS.maxCents}.`;

const flag = emptyAsAbsent(alsoAsText(z.union([z.boolean(), z.stringbool()]))).optional();

/** update-request-settings: the event, and any of the settings to change. */
export const updateRequestSettingsBody = z.object({
  event_id: idField,
  requests_open: flag,
  max_open_requests_per_guest: wholeNumber(REQUEST_SETTINGS_MAX.openRequestsPerGuest),
  guest_cooldown_seconds: wholeNumber(REQUEST_SETTINGS_MAX.cooldownSeconds),
  song_repeat_minutes: wholeNumber(REQUEST_SETTINGS_MAX.repeatMinutes),
  allow_explicit: flag,
  blocked: alsoAsJsonText(
    z
      .array(singleLineText(REQUEST_SETTINGS_MAX.blockedTermLength))
      .max(
        REQUEST_SETTINGS_MAX.blockedTerms,
        `At most ${REQUEST_SETTINGS_MAX.blockedTerms} terms.`,
      ),
  ).optional(),
  display_requester_names: flag,
  queue_order: emptyAsAbsent(
    z.enum(QUEUE_ORDERS, { error: 'Must be most_requested, first_come or fair_share.' }),
  ).optional(),
  boosts_enabled: flag,
  boost_min_cents: emptyAsAbsent(
    alsoAsText(
      z.coerce
        .number({ error: boostMinError })
        .int(boostMinError)
        .min(BOOST_LIMITS.minCents, boostMinError)
        .max(BOOST_LIMITS.maxCents, boostMinError),
    ),
  ).optional(),
  boost_order: emptyAsAbsent(
    z.enum(BOOST_ORDERS, { error: 'Must be off, orders or ties.' }),
  ).optional(),
  boost_counts_after_seconds: wholeNumber(BOOST_LIMITS.maxCountsAfterSeconds),
  display_boosted: flag,
});
export type UpdateRequestSettingsBody = z.infer<typeof updateRequestSettingsBody>;

/** What a guest is told when a request is refused by the host's controls. */
export const REQUEST_RULE_MSG = {
  saved: 'Request settings saved.',
  closed: 'Requests are closed for now.',
  blocked: "The DJ isn't taking this one.",
  explicit: "The DJ isn't playing explicit songs tonight.",
  justPlayed: 'This song was just played.',
  tooMany: (waiting: number) =>
    `You have ${waiting} ${waiting === 1 ? 'song' : 'songs'} waiting — wait until one is played.`,
  cooldown: (seconds: number) =>
    seconds >= 60 ? `Try again in ${Math.ceil(seconds / 60)} min.` : `Try again in ${seconds} s.`,
} as const;

/** Does this song hit one of the blocked terms (case-insensitive, in the title or the artist)? */
export function isBlockedSong(
  song: { song_name: string; song_artist: string | null },
  blocked: readonly string[],
): boolean {
  const text = `${song.song_name}\n${song.song_artist ?? ''}`.toLowerCase();
  return blocked.some((term) => term.trim() !== '' && text.includes(term.trim().toLowerCase()));
}
