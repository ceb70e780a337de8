import { z } from 'zod';
import { GUEST_NAME_MAX, ROLE, VERIFICATION_TYPE } from './constants.ts';
import {
  codeDigitsShape,
  emailField,
  newPasswordField,
  passwordField,
  singleLineText,
} from './fields.ts';
import { MSG } from './messages.ts';
import { emptyAsAbsent } from './wire-forms.ts';

/** Contracts of spec §7 "Auth", resend-otp and login-as-guest. */

/** The confirmation must repeat the new password; the error names the confirmation field. */
export const withConfirmation = <T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MSG.passwordsDiffer });
  }
};

export const verifyEmailBody = z.object({ email: emailField, ...codeDigitsShape });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const loginBody = z.object({
  email: emailField,
  password: passwordField,
  // A form field arrives as text: 'false' must mean false (z.coerce.boolean would make it true).
  remember: z.union([z.boolean(), z.stringbool()]).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sendOtpBody = z.object({ email: emailField });
export type SendOtpBody = z.infer<typeof sendOtpBody>;

export const verifyOtpBody = z
  .object({
    email: emailField,
    ...codeDigitsShape,
    password: newPasswordField,
    password_confirmation: passwordField,
  })
  .superRefine(withConfirmation);
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

export const verificationTypeField = z.enum([VERIFICATION_TYPE.email, VERIFICATION_TYPE.reset], {
  error: `Must be ${VERIFICATION_TYPE.email} or ${VERIFICATION_TYPE.reset}.`,
});

export const resendOtpBody = z.object({
  email: emailField,
  verification_type: verificationTypeField,
});
export type ResendOtpBody = z.infer<typeof resendOtpBody>;

/**
 * The spec sends an "email placeholder"; it is accepted and ignored. `name`:
 * the first name a guest gave on the event landing (the DJ sees it), else "Guest".
 */
export const loginAsGuestBody = z
  .object({
    email: z.string().max(254).optional(),
    name: emptyAsAbsent(singleLineText(GUEST_NAME_MAX).optional()),
  })
  .optional();

export const roleSchema = z.union([
  z.literal(ROLE.host),
  z.literal(ROLE.attendee),
  z.literal(ROLE.guest),
]);
export const defaultLoginSchema = z.union([z.literal(ROLE.host), z.literal(ROLE.attendee)]);

/** The signed-in user as the API returns it (never secrets, never hashes). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: roleSchema,
  default_login: defaultLoginSchema,
  is_guest: z.boolean(),
  email_verified: z.boolean(),
  profile_image_path: z.string().nullable(),
  cover_photo_path: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginData = z.object({
  access_token: z.string(),
  id: z.number().int(),
  role: roleSchema,
  default_login: defaultLoginSchema,
  user: sessionUserSchema,
});
export type LoginData = z.infer<typeof loginData>;

/** signup's data: the address the verification code went to. */
export const signupData = z.object({ email: z.string() });
export type SignupData = z.infer<typeof signupData>;

/** 403 on login for an unverified account: the client offers the verification screen. */
export const unverifiedData = z.object({
  email: z.string(),
  email_verification_required: z.literal(true),
});

export const resendOtpData = z.object({ email: z.string(), retry_after_seconds: z.number().int() });
export type ResendOtpData = z.infer<typeof resendOtpData>;

/** GET /api/auth/session: who the session cookie (HttpOnly, unreadable by the web app) belongs to. */
export const sessionData = z.object({ user: sessionUserSchema, role: roleSchema });
export type SessionData = z.infer<typeof sessionData>;
