import { errorEnvelopeSchema, okEnvelopeSchema } from '@floorfill/shared';
import { z } from 'zod';

/**
 * Response schemas for route declarations. Every JSON answer is the spec's
 * envelope: a success wraps the route's `data` schema from shared/, any 4xx
 * or 5xx is the error envelope the error handler makes. The serializer
 * (contract-serializer.ts) holds each answer to them.
 */

/** The failures every route may answer (401, 403, 404, 422, 429, 503…), described once. */
export const errorResponses = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema } as const;

const SUCCESS_DESCRIPTION = 'Done: the envelope with `msg` (often empty) and `data`.';

type SuccessEnvelopes<T extends Record<number, z.ZodType>> = {
  [Status in keyof T]: T[Status] extends z.ZodType
    ? ReturnType<typeof okEnvelopeSchema<T[Status]>>
    : never;
};

/**
 * A route's answers: for each success status the envelope around its data,
 * and the error envelope for the rest, e.g. `envelopes({ 201: signupData })`.
 */
export function envelopes<const T extends Record<number, z.ZodType>>(
  success: T,
): SuccessEnvelopes<T> & typeof errorResponses {
  const wrapped: Record<string, z.ZodType> = {};
  for (const [status, data] of Object.entries(success)) {
    wrapped[status] = okEnvelopeSchema(data).meta({ description: SUCCESS_DESCRIPTION });
  }
  return { ...(wrapped as SuccessEnvelopes<T>), ...errorResponses };
}

/** An answer that is no envelope: raw bytes or text of one media type (images, a page). */
export function mediaResponse<T extends z.ZodType>(
  mediaType: string,
  description: string,
  body: T,
) {
  return {
    description,
    content: { [mediaType]: { schema: body.meta({ contentMediaType: mediaType }) } },
  };
}

/** A 303 See Other: no body, the browser goes where `location` says. */
export function redirectResponse(description: string) {
  return z.undefined().meta({
    description,
    headers: { location: { type: 'string', description: 'Where the browser goes next.' } },
  });
}
