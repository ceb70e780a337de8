import { z } from 'zod';
import {
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';
import { MSG } from './messages.ts';
import { alsoAsText } from './wire-forms.ts';

/** Building blocks for the request schemas: each one carries the spec's wording. */

export const requiredError = (kind: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? MSG.fieldRequired : `Must be ${kind}.`;

/** Trimmed text that must not be empty (spec §5: "empty after trimming"). */
export function requiredText(max: number) {
  return z
    .string({ error: requiredError('text') })
    .trim()
    .min(1, MSG.fieldRequired)
    .max(max, `Must be at most ${max} characters.`);
}

/** Trimmed text that may be missing or empty; empty becomes null. */
export function optionalText(max: number) {
  return z
    .string({ error: requiredError('text') })
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const emailField = z
  .string({ error: requiredError('text') })
  .trim()
  .toLowerCase()
  .min(1, MSG.fieldRequired)
  .max(EMAIL_MAX_LENGTH, `Must be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email('The email must be a valid email address.'));

export const SINGLE_LINE_MSG = 'Must be a single line.';

/**
 * A name: trimmed, not empty, on one line. A line break inside a name would
 * become a new line in a mail's headers or body, a log line, a receipt.
 */
export function singleLineText(max: number) {
  return requiredText(max).refine((text) => !/[\r\n\u2028\u2029]/.test(text), SINGLE_LINE_MSG);
}

export const nameField = singleLineText(NAME_MAX_LENGTH);

/** A new password: length rules only; the confirmation is checked by the object schema. */
export const newPasswordField = z
  .string({ error: requiredError('text') })
  .min(1, MSG.fieldRequired)
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** A password being checked against a stored hash: no length rule beyond a sane cap. */
export const passwordField = z
  .string({ error: requiredError('text') })
  .min(1, MSG.fieldRequired)
  .max(PASSWORD_MAX_LENGTH, `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** One box of the six-box code input. */
export const codeDigitField = z
  .union([z.string(), z.number()], { error: requiredError('a digit') })
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d$/, 'Each box takes one digit.'));

/** The six boxes otp1..otp6 as the spec sends them. */
export const codeDigitsShape = {
  otp1: codeDigitField,
  otp2: codeDigitField,
  otp3: codeDigitField,
  otp4: codeDigitField,
  otp5: codeDigitField,
  otp6: codeDigitField,
};

export type CodeDigits = { [K in keyof typeof codeDigitsShape]: string };

export function joinCodeDigits(digits: CodeDigits): string {
  return [digits.otp1, digits.otp2, digits.otp3, digits.otp4, digits.otp5, digits.otp6].join('');
}

/** Spread a pasted code over the six boxes (web) or build a payload (tests). */
export function splitCode(code: string): CodeDigits {
  const chars = code.slice(0, CODE_LENGTH).split('');
  return {
    otp1: chars[0] ?? '',
    otp2: chars[1] ?? '',
    otp3: chars[2] ?? '',
    otp4: chars[3] ?? '',
    otp5: chars[4] ?? '',
    otp6: chars[5] ?? '',
  };
}

/**
 * A number as a form field or a query string sends it: missing and empty
 * stay undefined (so the message says "required"), text becomes a number.
 */
export function textAsNumber(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  return typeof value === 'string' ? Number(value) : value;
}

/** A positive integer id from a form field or a query string. */
export const idField = alsoAsText(
  z.preprocess(
    textAsNumber,
    z
      .number({ error: requiredError('a number') })
      .int('Must be a whole number.')
      .positive('Must be a positive number.')
      .max(2_147_483_647, 'Must be a valid id.'),
  ),
);
