import type { EventSummary, HostEventDetails } from '@floorfill/shared';
import { DEFAULT_REQUEST_SETTINGS } from '@floorfill/shared';

/** An event as the server summarises it; override what a test cares about. */
export function eventSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  const id = overrides.id ?? 7;
  const code = overrides.code ?? 'ABC234';
  return {
    id,
    host_id: 1,
    name: 'Neon Nights',
    start_time: '2026-11-21T20:00:00.000Z',
    end_time: '2026-11-21T23:30:00.000Z',
    timezone: 'UTC',
    formatted_start_time: 'Sat, Nov 21, 2026, 8:00 PM',
    formatted_end_time: 'Sat, Nov 21, 2026, 11:30 PM',
    start_date_month: 'NOV',
    start_day: '21',
    address: '1 Harbour Road',
    zip: null,
    city: 'Lisbon',
    state: null,
    country: 'Portugal',
    location: '1 Harbour Road, Lisbon, Portugal',
    banner_path: null,
    banner_base_path: '',
    code,
    event_code: code,
    url: `http://localhost/e/${code}`,
    qrcode_path: `/api/qr/events/${code}.png`,
    qrcode_base_path: `/api/qr/events/${code}.png`,
    enrolled_users_count: 0,
    song_requests_count: 0,
    is_live: false,
    has_ended: false,
    ...overrides,
  };
}

export function hostEventDetails(overrides: Partial<HostEventDetails> = {}): HostEventDetails {
  return {
    ...eventSummary(overrides),
    seq: 1,
    request_settings: DEFAULT_REQUEST_SETTINGS,
    now_playing: null,
    song_requests: [],
    grouped_song_requests: [],
    host: {
      id: 1,
      name: 'Dee Jay',
      display_name: 'DJ Dee',
      bio: null,
      profile_image_path: null,
      cover_photo_path: null,
      rating: 0,
      total_review: 0,
      accepts_tips: true,
    },
    ...overrides,
  };
}

/** get-event-list's envelope: rows plus pagination beside data. */
export function eventListAnswer(
  events: EventSummary[],
  pagination: { currentPage?: number; lastPage?: number; total?: number } = {},
) {
  return {
    status: true,
    msg: '',
    data: events,
    pagination: {
      currentPage: pagination.currentPage ?? 1,
      lastPage: pagination.lastPage ?? 1,
      perPage: 10,
      total: pagination.total ?? events.length,
    },
  };
}
