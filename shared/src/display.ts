import { z } from 'zod';
import { eventCodeField } from './attendance.ts';
import { altchaSolutionField } from './challenge.ts';
import { topRequestedSongSchema } from './night-summary.ts';

/**
 * The big screen (issue 14): a public page for a projector or a TV, opened
 * with the event's code and no login. It shows what the room may see: the
 * event's name and times, the join QR and code, whether requests are open,
 * the now-playing song and the next three. Never the address, the attendees
 * or any dedication; who asked (first names) only when the host turns on
 * `display_requester_names`; that a song is boosted (never by how much)
 * only when the host turns on `display_boosted`.
 */

export const DISPLAY_REQUESTER_NAMES_MAX = 3;

/** get-display: the event's code, as the join link carries it. */
export const displayQuery = z.object({ code: eventCodeField });
export type DisplayQuery = z.infer<typeof displayQuery>;

export const displaySongSchema = topRequestedSongSchema.extend({
  /** The now-playing song only: when it started. */
  started_at: z.string().optional(),
  /** First names of up to three requesters, only when the host shows them. */
  requested_by: z.array(z.string()).optional(),
  /** Someone boosted it (issue 30): only when the host shows it, and never how much. */
  boosted: z.literal(true).optional(),
});
export type DisplaySong = z.infer<typeof displaySongSchema>;

export const displayStateSchema = z.object({
  event_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** The attendee link the QR encodes. */
  join_url: z.string(),
  qrcode_path: z.string(),
  timezone: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_live: z.boolean(),
  has_ended: z.boolean(),
  requests_open: z.boolean(),
  now_playing: displaySongSchema.nullable(),
  /** At most three. */
  up_next: z.array(displaySongSchema),
});
export type DisplayState = z.infer<typeof displayStateSchema>;

/**
 * The socket command `display:subscribe`; works without a session. `altcha`
 * is a solved busy-address challenge, sent again after an ack with the
 * challenge code (as the `X-Altcha` header is over HTTP).
 */
export const displaySubscribePayload = z.object({
  code: eventCodeField,
  altcha: altchaSolutionField.optional(),
});
export type DisplaySubscribePayload = z.infer<typeof displaySubscribePayload>;
