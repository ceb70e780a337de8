import type {
  AttendeeEventDetails,
  CatalogSong,
  GroupedSongRequest,
  SongRequest,
} from '@floorfill/shared';
import { DEFAULT_REQUEST_SETTINGS } from '@floorfill/shared';
import { eventSummary } from '@/features/events/testing/event-fixture';
import type { RoomPush } from '../event-room';

/** Test data for the live screens; override what a test cares about. */

export function songRequest(overrides: Partial<SongRequest> = {}): SongRequest {
  return {
    id: 11,
    event_id: 7,
    attendee_id: 5,
    attendee_name: 'Ana',
    song_id: 'cat-queen--bohemian-rhapsody',
    song_name: 'Bohemian Rhapsody',
    song_artist: 'Queen',
    album_name: 'A Night at the Opera',
    song_image: null,
    song_link: null,
    song_duration: 354,
    status: 0,
    message: null,
    created_at: '2026-11-21T20:10:00.000Z',
    played_at: null,
    ...overrides,
  };
}

export function groupedSong(overrides: Partial<GroupedSongRequest> = {}): GroupedSongRequest {
  return {
    event_id: 7,
    song_id: 'cat-queen--bohemian-rhapsody',
    song_name: 'Bohemian Rhapsody',
    song_artist: 'Queen',
    album_name: 'A Night at the Opera',
    song_image: null,
    song_link: null,
    song_duration: 354,
    status: 0,
    request_count: 1,
    first_requested_at: '2026-11-21T20:10:00.000Z',
    played_at: null,
    later: false,
    dedication_count: 0,
    turn: 1,
    boost_cents: 0,
    held: false,
    free_text: false,
    ...overrides,
  };
}

/** The push that adds or updates one song of the queue, as write `seq`. */
export function upsertedPush(seq: number, overrides: Partial<GroupedSongRequest> = {}): RoomPush {
  return { type: 'request:upserted', eventId: 7, seq, request: groupedSong(overrides) };
}

export function attendeeEventDetails(
  overrides: Partial<AttendeeEventDetails> = {},
): AttendeeEventDetails {
  return {
    ...eventSummary(overrides),
    seq: 1,
    request_settings: DEFAULT_REQUEST_SETTINGS,
    now_playing: null,
    joined: true,
    is_rated: false,
    song_requests: [],
    rejected_requests: [],
    line: { seq: 1, songs: [], more: false, popular: [] },
    host: {
      id: 1,
      name: 'Dee Jay',
      display_name: 'DJ Dee',
      bio: 'Vinyl only.',
      profile_image_path: null,
      cover_photo_path: null,
      rating: 4.5,
      total_review: 2,
      accepts_tips: true,
    },
    ...overrides,
  };
}

export function catalogSong(overrides: Partial<CatalogSong> = {}): CatalogSong {
  return {
    song_id: 'cat-queen--bohemian-rhapsody',
    song_name: 'Bohemian Rhapsody',
    song_artist: 'Queen',
    album_name: 'A Night at the Opera',
    song_image: null,
    song_link: null,
    song_duration: 354,
    year: 1975,
    explicit: false,
    provider: 'catalog',
    ...overrides,
  };
}
