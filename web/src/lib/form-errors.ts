import type { FieldErrors } from '@floorfill/shared';
import type { z } from 'zod';
import { errorMessageOf, isApiError } from './api-client';
import { notifyError } from './notify';

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

/** What `showFormError` needs of a Mantine form. */
interface ErrorShowingForm {
  getValues: () => object;
  setErrors: (errors: FormErrors) => void;
}

/**
 * A failed submit, shown where the user looks: a 422's messages under the
 * fields they are about; any other failure, or a 422 about no field of this
 * form, as a toast with the server's `msg`.
 */
export function showFormError(
  form: ErrorShowingForm,
  error: unknown,
  rename: Record<string, string> = {},
): void {
  if (isApiError(error) && error.httpStatus === 422) {
    const errors = serverFieldErrors(error.fieldErrors, rename);
    form.setErrors(errors);
    const fields = form.getValues();
    if (Object.keys(errors).some((field) => field in fields)) return;
  }
  notifyError(errorMessageOf(error));
}
