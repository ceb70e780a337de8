import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants.ts';

/** Contracts of the developer helpers (never in production): the dev outbox. */

export const OUTBOX_PAGE_SIZE = 50;

/** Which mail to list: one address's, or everyone's when absent or empty. */
export const outboxQuery = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `Must be at most ${EMAIL_MAX_LENGTH} characters.`)
    .optional(),
});

/** A mail the dev outbox kept instead of sending it. */
export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** When it was kept, ISO 8601. */
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
