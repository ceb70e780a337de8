/** Business constants of spec §9, in one place for server and web. */

export const ROLE = { host: 2, attendee: 3, guest: 4 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export type DefaultLogin = typeof ROLE.host | typeof ROLE.attendee;

/** The first name a guest may give on the event landing (the DJ sees it). */
export const GUEST_NAME_MAX = 40;
/** A guest's name when they gave none. */
export const GUEST_DEFAULT_NAME = 'Guest';

export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 10 * 60;
/** Wrong tries one code takes before it is dead (a new one must be asked for). */
export const CODE_MAX_ATTEMPTS = 3;
/**
 * Wrong tries one account's codes of one kind take in 24 hours, whatever the
 * number of codes asked for. Each try of a 6-digit code hits with chance
 * 1 in 10^6, so a day's guesses succeed with chance at most 50 / 10^6 =
 * 1 in 20,000 (docs/security.md), however fast codes are requested.
 */
export const CODE_DAILY_WRONG_ATTEMPTS = 50;

export const VERIFICATION_TYPE = { email: 'email_verification', reset: 'password_reset' } as const;
export type VerificationType = (typeof VERIFICATION_TYPE)[keyof typeof VERIFICATION_TYPE];

/** Seconds between two codes of one kind for one email; the screens count down the same. */
export const RESEND_COOLDOWN_SECONDS: Record<VerificationType, number> = {
  email_verification: 120,
  password_reset: 10,
};

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const EVENT_LIST_DEFAULT_PER_PAGE = 10;
export const EVENT_LIST_MAX_PER_PAGE = 50;
export const UPCOMING_EVENTS_ON_DASHBOARD = 3;
export const EVENT_DETAILS_POLL_MS = 5000;
export const EVENT_SEARCH_DEBOUNCE_MS = 500;
/** Typing pauses this long before a song search is sent: the server answers in tens of ms. */
export const SONG_SEARCH_DEBOUNCE_MS = 250;

export const TIP_PRESETS_DOLLARS = [1, 2, 5] as const;
export const TIP_MIN_DOLLARS = 1;
export const TIP_MAX_DOLLARS = 100;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const DEFAULT_SONG_DURATION = 5;
export const DEFAULT_ALBUM_NAME = 'N/A';

export const TRUNCATE = { songTitle: 23, songArtist: 23, songAlbum: 25, hostBio: 100 } as const;

export const CAROUSEL_AUTOPLAY_MS = 3000;
export const TOAST_AUTOCLOSE_MS = 1994;
export const SIDEBAR_COLLAPSE_BELOW_PX = 567;
export const DEFAULT_PHONE_COUNTRY = 'US';

export const MIN_AGE_FINANCIAL = 18;
export const MIN_AGE_ACCOUNT = 13;

export const BRAND_NAME = 'Floorfill';
