import { z } from 'zod';
import {
  eventHostSchema,
  eventSummarySchema,
  nowPlayingSchema,
  songRequestSchema,
} from './events.ts';
import { eventLineSchema } from './line.ts';
import { requestSettingsSchema } from './request-settings.ts';
import { idField } from './fields.ts';
import { MSG } from './messages.ts';

/**
 * Contracts of attendance (spec §2 attendee screens, §3 Join, §4 join/leave,
 * §7 join-event, get-joined-events, get-enrolled-event-list,
 * get-attendee-event-details, and our leave-event).
 */

export const ATTENDANCE_MSG = {
  joined: 'You joined the event.',
  alreadyJoined: 'You have already joined this event.',
  left: 'You left the event.',
  notJoined: 'You had not joined this event.',
  noEventForCode: 'No event found for that code. Check the code and try again.',
  eventNotFound: 'Event not found.',
} as const;

export const EVENT_CODE_INPUT_MAX = 32;

/** The typed or scanned code: trimmed, any case (codes are matched case-insensitively). */
export const eventCodeField = z
  .string({ error: MSG.noCode })
  .trim()
  .min(1, MSG.noCode)
  .max(EVENT_CODE_INPUT_MAX, ATTENDANCE_MSG.noEventForCode);

/** Spec §7 sends attendee_name; the server shows the account's own name instead. */
const ignoredName = z.string().max(500).optional();

/**
 * join-event: the spec's wire names (event_code, attendee_id, attendee_name)
 * or the client form's (eventCode, userId). A claimed attendee must be the caller.
 */
export const joinEventBody = z
  .object({
    event_code: eventCodeField.optional(),
    eventCode: eventCodeField.optional(),
    attendee_id: idField.optional(),
    userId: idField.optional(),
    attendee_name: ignoredName,
  })
  .superRefine((body, ctx) => {
    if (body.event_code === undefined && body.eventCode === undefined)
      ctx.addIssue({ code: 'custom', path: ['event_code'], message: MSG.noCode });
  })
  .transform((body) => ({
    code: body.event_code ?? body.eventCode ?? '',
    attendeeId: body.attendee_id ?? body.userId,
  }));
export type JoinEventBody = z.infer<typeof joinEventBody>;

/**
 * leave-event (spec §7 shows neither method nor path: POST /api/v1/leave-event).
 * Names the event by id or by code (eventCode as the client form has it).
 */
export const leaveEventBody = z
  .object({
    event_id: idField.optional(),
    id: idField.optional(),
    event_code: eventCodeField.optional(),
    eventCode: eventCodeField.optional(),
    attendee_id: idField.optional(),
    userId: idField.optional(),
  })
  .superRefine((body, ctx) => {
    const named = [body.event_id, body.id, body.event_code, body.eventCode].some(
      (value) => value !== undefined,
    );
    if (!named) ctx.addIssue({ code: 'custom', path: ['event_id'], message: MSG.fieldRequired });
  })
  .transform((body) => {
    const eventId = body.event_id ?? body.id;
    const code = body.event_code ?? body.eventCode;
    const target: { eventId: number } | { code: string } =
      eventId !== undefined ? { eventId } : { code: code ?? '' };
    return { target, attendeeId: body.attendee_id ?? body.userId };
  });
export type LeaveEventBody = z.infer<typeof leaveEventBody>;

/** get-joined-events and get-enrolled-event-list: the spec sends attendee_id (must be the caller). */
export const joinedEventsQuery = z.object({ attendee_id: idField.optional() });

export const attendeeEventDetailsQuery = z.object({
  id: idField,
  attendee_id: idField.optional(),
});

/** An event in the attendee's lists: always one they joined. */
export const joinedEventSchema = eventSummarySchema.extend({
  joined: z.literal(true),
  joined_at: z.string(),
});
export type JoinedEvent = z.infer<typeof joinedEventSchema>;
export const joinedEventListSchema = z.array(joinedEventSchema);

/** join-event's data: the event joined (data.id is the event, spec §7). */
export const joinEventData = joinedEventSchema;
export type JoinEventData = JoinedEvent;

/** leave-event's data. */
export const leaveEventData = z.object({ id: z.number().int(), joined: z.literal(false) });
export type LeaveEventData = z.infer<typeof leaveEventData>;

/**
 * The attendee's view of an event (any signed-in caller, guests included):
 * the summary, whether the caller joined, whether they rated the host, their
 * own requests, the host card, and the seq to resync realtime from.
 */
export const attendeeEventDetailsSchema = eventSummarySchema.extend({
  seq: z.number().int(),
  /** The host's request controls, so the page shows "closed", what is left, the cooldown. */
  request_settings: requestSettingsSchema,
  /** What the DJ plays now; null also for a caller who has not joined. */
  now_playing: nowPlayingSchema.nullable(),
  joined: z.boolean(),
  is_rated: z.boolean(),
  /** The caller's requests, oldest first, without the songs the host rejected. */
  song_requests: z.array(songRequestSchema),
  /** The caller's requests for songs the host rejected tonight ("not this time"), oldest first. */
  rejected_requests: z.array(songRequestSchema),
  /** The line (the first waiting songs, see `EventLine`); null for a caller who has not joined. */
  line: eventLineSchema.nullable(),
  host: eventHostSchema,
});
export type AttendeeEventDetails = z.infer<typeof attendeeEventDetailsSchema>;

/** get-event-attendees: who joined the host's event. */
export const eventAttendeesQuery = z.object({ event_id: idField });
export type EventAttendeesQuery = z.infer<typeof eventAttendeesQuery>;

export const eventAttendeeSchema = z.object({
  attendee_id: z.number().int(),
  name: z.string(),
  joined_at: z.string(),
  /** Their requests in this event. */
  request_count: z.number().int(),
  /**
   * The text screen holds their name (issue 29): the big screen shows "a
   * guest" until the host allows it (allow-guest-name).
   */
  name_held: z.boolean(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

/** Newest first. */
export const eventAttendeesData = z.object({ attendees: z.array(eventAttendeeSchema) });
export type EventAttendeesData = z.infer<typeof eventAttendeesData>;

/** allow-guest-name: the host lets the big screen show a held name. */
export const allowGuestNameBody = z.object({ event_id: idField, attendee_id: idField });
export type AllowGuestNameBody = z.infer<typeof allowGuestNameBody>;
export const GUEST_NAME_MSG = {
  allowed: 'Name shown on the big screen.',
  notFound: 'No such guest in this event.',
} as const;
