import { z } from 'zod';
import { eventCodeField } from './attendance.ts';
import { eventSummarySchema } from './events.ts';

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
