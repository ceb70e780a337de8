import { z } from 'zod';
import { defaultLoginSchema } from './auth.ts';
import { idField, optionalText, singleLineText } from './fields.ts';
import { eventSummarySchema, memberFaceShape } from './events.ts';
import { alsoAsJsonText, alsoAsText } from './wire-forms.ts';

/** Contracts of profiles and social links (spec §2 profile screens, §3 User, §7). */

/** Answers of the profile calls (toasted by the web app). */
export const PROFILE_MSG = {
  updated: 'Profile updated successfully.',
  socialLinksUpdated: 'Social links updated successfully.',
  unknownPlatform: 'The selected platform is invalid.',
  notFound: 'User not found.',
} as const;

/** How many upcoming events a profile lists. */
export const PROFILE_UPCOMING_EVENTS = 10;

export const BIO_MAX = 1000;
export const SOCIAL_LINK_MAX = 500;
export const SOCIAL_LINKS_MAX_ROWS = 20;

const dateOfBirthField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD.')
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && time < Date.now() && time > Date.parse('1900-01-01T00:00:00Z');
  }, 'Must be a real date in the past.')
  .nullish()
  .or(z.literal('').transform(() => null));

export const genderField = z
  .enum(['male', 'female'], { error: 'Must be male or female.' })
  .nullish()
  .or(z.literal('').transform(() => null));

/** Text fields of update-host-profile (multipart; images come as files beside them). */
export const updateProfileShape = {
  id: idField.optional(),
  display_name: singleLineText(100),
  name: singleLineText(100),
  bio: optionalText(BIO_MAX),
  date_of_birth: dateOfBirthField,
  gender: genderField,
  address: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  default_login: alsoAsText(z.coerce.number().pipe(defaultLoginSchema).optional()),
  /** Shown read-only / disabled in the form; ignored if sent. */
  phone: z.string().optional(),
  email: z.string().optional(),
};
export const updateProfileBody = z.object(updateProfileShape);
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const httpUrlField = z
  .string()
  .trim()
  .max(SOCIAL_LINK_MAX, `Must be at most ${SOCIAL_LINK_MAX} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be a link starting with http:// or https://');

export const socialLinkInput = z.object({
  id: alsoAsText(z.coerce.number().int().nonnegative().optional()),
  social_id: idField,
  /** Empty links are dropped on save (spec §2). */
  link: z.union([z.literal(''), httpUrlField]),
});

/** The spec sends `social_links` as one JSON value; accept the array itself or its JSON text. */
export const updateSocialLinksBody = z.object({
  user_id: idField.optional(),
  social_links: alsoAsJsonText(
    z.array(socialLinkInput).max(SOCIAL_LINKS_MAX_ROWS, `At most ${SOCIAL_LINKS_MAX_ROWS} links.`),
  ),
});
export type UpdateSocialLinksBody = z.infer<typeof updateSocialLinksBody>;

export const socialPlatformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A URL path of the platform's SVG logo (from simple-icons). */
  logo: z.string(),
  color: z.string(),
});
export type SocialPlatform = z.infer<typeof socialPlatformSchema>;

export const socialLinkSchema = z.object({
  id: z.number().int(),
  social_id: z.number().int(),
  link: z.string(),
  name: z.string(),
  logo: z.string(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const userDetailsQuery = z.object({ id: idField, attendee_id: idField.optional() });

/** A profile as others see it; `private` is present only on one's own profile. */
export const userDetailsSchema = z.object({
  ...memberFaceShape,
  social_links: z.array(socialLinkSchema),
  rating: z.number(),
  total_review: z.number().int(),
  is_rated: z.boolean(),
  /** Can this member take a tip now (payouts set up)? Others are offered SEND TIP only then. */
  accepts_tips: z.boolean(),
  url: z.string(),
  qrcode_path: z.string(),
  qrcode_base_path: z.string(),
  upcoming_events: z.array(eventSummarySchema),
  private: z
    .object({
      email: z.string().nullable(),
      phone: z.string().nullable(),
      date_of_birth: z.string().nullable(),
      gender: z.enum(['male', 'female']).nullable(),
      address: z.string().nullable(),
      zip: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      country: z.string().nullable(),
      default_login: defaultLoginSchema,
      stripe_account_status: z.string().nullable(),
    })
    .optional(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;
