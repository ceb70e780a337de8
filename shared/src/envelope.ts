import { z } from 'zod';

/**
 * The spec's response envelope: every answer carries `status` and `msg`, and
 * `data` when there is a payload. A 422 carries field errors (field -> list of
 * messages) both under `data` (signup, spec §7) and under `errors` (reset, §8).
 */
export type FieldErrors = Record<string, string[]>;

export interface OkEnvelope<T> {
  status: true;
  msg: string;
  data: T;
}

export interface ErrorEnvelope {
  status: false;
  msg: string;
  data?: FieldErrors | Record<string, unknown>;
  errors?: FieldErrors;
}

export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  errors: fieldErrorsSchema.optional(),
});

/** A success: `status` true, the message to toast (often empty) and the call's `data`. */
export function okEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), msg: z.string(), data });
}

/** Where a paged list stands; sent beside `data`, not in it. */
export const paginationSchema = z.object({
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A paged list: the success envelope with `pagination` beside `data` (spec §7 get-event-list). */
export function pagedEnvelopeSchema<T extends z.ZodType>(data: T) {
  return okEnvelopeSchema(data).extend({ pagination: paginationSchema });
}
