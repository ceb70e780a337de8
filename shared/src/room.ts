import { z } from 'zod';
import { eventCodeField } from './attendance.ts';
import { eventSummarySchema } from './events.ts';
import { idField } from './fields.ts';

/**
 * The event landing (issue 15): what a phone that scanned the event's QR sees
 * before anyone signs in. Only what a poster on the wall would say: no street
 * address, no attendee names, no id to walk; the code is the one the QR holds.
 */

export const eventLandingQuery = z.object({ code: eventCodeField });
export type EventLandingQuery = z.infer<typeof eventLandingQuery>;

export const landingHostSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image_path: z.string().nullable(),
  rating: z.number(),
  total_review: z.number().int(),
});
export type LandingHost = z.infer<typeof landingHostSchema>;

export const eventLandingSchema = eventSummarySchema
  .pick({
    code: true,
    name: true,
    start_time: true,
    end_time: true,
    timezone: true,
    formatted_start_time: true,
    formatted_end_time: true,
    banner_path: true,
    banner_base_path: true,
    is_live: true,
    has_ended: true,
  })
  .extend({
    joined_count: z.number().int(),
    requests_open: z.boolean(),
    host: landingHostSchema,
  });
export type EventLanding = z.infer<typeof eventLandingSchema>;

/**
 * What a host's public page (`/h/:hostId`, what the host's profile link and QR
 * open) asks for. Profile ids are small numbers anyone can walk, so the id
 * alone gives only what a poster would say; `k` is the key the host's own
 * link and QR carry (the host shares them as they share the event's QR): with
 * it, the host's events come with the code a guest joins by.
 */
export const hostLandingQuery = z.object({
  id: idField,
  k: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the key of a profile link')
    .optional(),
});
export type HostLandingQuery = z.infer<typeof hostLandingQuery>;

/** How many of the host's events their public page shows: the live one and the next ones. */
export const HOST_LANDING_EVENTS = 3;

/** One of the host's events on their public page: the event landing's facts, its code only with the key. */
export const hostLandingEventSchema = eventLandingSchema.omit({ host: true });
export type HostLandingEvent = z.infer<typeof hostLandingEventSchema>;

/**
 * A host as a stranger may see them: the public face of the profile (name,
 * pictures, bio, rating, social links) and their live or next events. Never
 * email, phone, payout or tip status, address, nor who joined.
 */
export const hostLandingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string().nullable(),
  profile_image_path: z.string().nullable(),
  cover_photo_path: z.string().nullable(),
  rating: z.number(),
  total_review: z.number().int(),
  social_links: z.array(z.object({ name: z.string(), link: z.string(), logo: z.string() })),
  /** Live first, then the next ones, soonest first; none that ended. */
  events: z.array(hostLandingEventSchema),
});
export type HostLanding = z.infer<typeof hostLandingSchema>;
