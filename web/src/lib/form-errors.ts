import type { FieldErrors } from '@floorfill/shared';
import type { z } from 'zod';

/** Field → first message, the shape Mantine forms show under each input. */
export type FormErrors = Record<string, string>;

/** Client-side check with a shared zod schema, so client and server word errors alike. */
export function schemaErrors(schema: z.ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A 422's `Record<field, string[]>` as form errors. `rename` maps server
 * field names onto form fields (the six `otpN` boxes are one code input).
 */
export function serverFieldErrors(
  fieldErrors: FieldErrors,
  rename: Record<string, string> = {},
): FormErrors {
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const target = rename[field] ?? field;
    if (errors[target] || messages.length === 0) continue;
    errors[target] = messages.join(' ');
  }
  return errors;
}
