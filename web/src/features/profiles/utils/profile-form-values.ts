import { ROLE, type UserDetails } from '@floorfill/shared';
import { shownNameOf } from './profile-text';

export interface ProfileFormValues {
  display_name: string;
  name: string;
  bio: string;
  date_of_birth: string | null;
  gender: string | null;
  address: string;
  zip: string;
  city: string;
  state: string;
  country: string | null;
  default_login: string;
  profile_image: File | null;
  cover_photo: File | null;
}

export const IMAGE_FIELDS = ['profile_image', 'cover_photo'] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];
export type TextField = Exclude<keyof ProfileFormValues, ImageField>;

/** The form as it opens: the saved profile, with no new image picked. */
export function initialValuesOf(details: UserDetails): ProfileFormValues {
  const own = details.private;
  return {
    display_name: shownNameOf(details),
    name: details.name,
    bio: details.bio ?? '',
    date_of_birth: own?.date_of_birth ?? null,
    gender: own?.gender ?? null,
    address: own?.address ?? '',
    zip: own?.zip ?? '',
    city: own?.city ?? '',
    state: own?.state ?? '',
    country: own?.country ?? null,
    default_login: String(own?.default_login ?? ROLE.host),
    profile_image: null,
    cover_photo: null,
  };
}

/** The text part of the request, as the multipart form sends it: every value a string. */
export function profileTextFields(values: ProfileFormValues): Record<TextField, string> {
  return {
    display_name: values.display_name,
    name: values.name,
    bio: values.bio,
    date_of_birth: values.date_of_birth ?? '',
    gender: values.gender ?? '',
    address: values.address,
    zip: values.zip,
    city: values.city,
    state: values.state,
    country: values.country ?? '',
    default_login: values.default_login,
  };
}

/** The request body: the text fields, and each image only when a new one was picked. */
export function profileFormData(values: ProfileFormValues): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(profileTextFields(values))) form.set(field, value);
  for (const field of IMAGE_FIELDS) {
    const file = values[field];
    if (file) form.set(field, file, file.name);
  }
  return form;
}
