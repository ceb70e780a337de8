import { ROLE, type EventSummary, type SessionUser, type UserDetails } from '@floorfill/shared';

/** Small factories for the profile tests; each call is a fresh object. */

export const PLATFORMS = [
  { id: 1, name: 'Instagram', logo: '/api/social-icons/instagram.svg', color: '#E4405F' },
  { id: 2, name: 'Facebook', logo: '/api/social-icons/facebook.svg', color: '#0866FF' },
  { id: 3, name: 'SoundCloud', logo: '/api/social-icons/soundcloud.svg', color: '#FF5500' },
];

export function eventSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: 31,
    host_id: 7,
    name: 'Friday Night Floor',
    start_time: '2030-11-21T20:00:00.000Z',
    end_time: '2030-11-22T02:00:00.000Z',
    timezone: 'UTC',
    formatted_start_time: 'Nov 21, 2030 8:00 PM',
    formatted_end_time: 'Nov 22, 2030 2:00 AM',
    start_date_month: 'NOV',
    start_day: '21',
    address: null,
    zip: null,
    city: 'Berlin',
    state: null,
    country: 'Germany',
    location: 'Berlin, Germany',
    banner_path: null,
    banner_base_path: 'http://localhost',
    code: 'ABC234',
    event_code: 'ABC234',
    url: 'http://localhost/e/ABC234',
    qrcode_path: '/api/qr/events/ABC234.png',
    qrcode_base_path: 'http://localhost',
    enrolled_users_count: 0,
    song_requests_count: 0,
    is_live: false,
    has_ended: false,
    ...overrides,
  };
}

export function userDetails(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    id: 7,
    name: 'Dana Lopez',
    display_name: 'DJ Dana',
    bio: 'House and disco all night.',
    profile_image_path: null,
    cover_photo_path: null,
    social_links: [],
    rating: 4.5,
    total_review: 12,
    is_rated: false,
    accepts_tips: true,
    url: 'http://localhost/attendee/host-profile/7',
    qrcode_path: '/api/qr/profiles/7.png',
    qrcode_base_path: 'http://localhost',
    upcoming_events: [],
    private: {
      email: 'dana@example.com',
      phone: '+14155552671',
      date_of_birth: null,
      gender: null,
      address: null,
      zip: null,
      city: null,
      state: null,
      country: null,
      default_login: ROLE.host,
      stripe_account_status: null,
    },
    ...overrides,
  };
}

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: 'Dana Lopez',
    display_name: 'DJ Dana',
    email: 'dana@example.com',
    phone: '+14155552671',
    role: ROLE.host,
    default_login: ROLE.host,
    is_guest: false,
    email_verified: true,
    profile_image_path: null,
    cover_photo_path: null,
    ...overrides,
  };
}

export function ok<T>(data: T, msg = '') {
  return { body: { status: true, msg, data } };
}
