import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './constants.ts';
import { idField, textAsNumber } from './fields.ts';
import { MSG } from './messages.ts';
import { alsoAsText, emptyAsAbsent, withFormAliases } from './wire-forms.ts';

/** Contracts of rating a host (spec §2 'RATE HOST' modal, §3 Rating, §5, §7 store-rating). */

export const RATING_MSG = {
  stored: 'Thank you for rating this host!',
  alreadyRated: 'You have already rated this host for this event.',
  selfRating: 'You cannot rate yourself.',
  hostNotFound: 'Host not found.',
  eventNotFound: 'Event not found.',
  notJoined: 'Only guests who joined this event can rate it.',
  notStarted: 'You can rate this event once it has started.',
  neverAttended: "Only guests who joined one of this host's events can rate them.",
  ratingRange: `The rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}.`,
} as const;

export const FEEDBACK_MAX = 1000;

const ratingField = alsoAsText(
  z.preprocess(
    textAsNumber,
    z
      .number({
        error: (issue) => (issue.input === undefined ? MSG.fieldRequired : RATING_MSG.ratingRange),
      })
      .int(RATING_MSG.ratingRange)
      .min(RATING_MIN, RATING_MSG.ratingRange)
      .max(RATING_MAX, RATING_MSG.ratingRange),
  ),
);

/** The client's form names (spec §3) beside the API's. */
const RATING_ALIASES = {
  ratingNumber: 'rating',
  feedBack: 'feedback',
  hostId: 'host_id',
  eventId: 'event_id',
  attendeeId: 'attendee_id',
};

export const storeRatingBody = withFormAliases(
  RATING_ALIASES,
  z.object({
    host_id: idField,
    rating: ratingField,
    feedback: z
      .string()
      .trim()
      .max(FEEDBACK_MAX, `Must be at most ${FEEDBACK_MAX} characters.`)
      .nullish()
      .transform((value) => (value ? value : null)),
    event_id: emptyAsAbsent(idField.optional()),
    /** Must be the caller when sent. */
    attendee_id: idField.optional(),
  }),
);
export type StoreRatingBody = z.infer<typeof storeRatingBody>;

/** The host's rating after the new one, as profiles show it. */
export const storeRatingAnswerSchema = z.object({
  rating: z.number(),
  total_review: z.number().int(),
  is_rated: z.literal(true),
});
export type StoreRatingAnswer = z.infer<typeof storeRatingAnswerSchema>;
