import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { withConfirmation } from './auth.ts';
import { emailField, nameField, newPasswordField, passwordField, requiredError } from './fields.ts';
import { MSG } from './messages.ts';

/**
 * Sign-up, the one contract that checks phone numbers. It lives apart from
 * the other auth contracts so that libphonenumber's metadata (~36 KB gzipped)
 * reaches only the bundles that import it: the web app's register screen, not
 * every page that asks who is signed in.
 */

/** An international phone number in E.164 form (+ and digits), checked with libphonenumber. */
export const phoneField = z
  .string({ error: requiredError('text') })
  .trim()
  .max(20, MSG.phoneInvalid)
  .refine((value) => isValidPhoneNumber(value), MSG.phoneInvalid);

export const signupBody = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField.nullish().or(z.literal('').transform(() => null)),
    password: newPasswordField,
    password_confirmation: passwordField,
  })
  .superRefine(withConfirmation);
export type SignupBody = z.infer<typeof signupBody>;
