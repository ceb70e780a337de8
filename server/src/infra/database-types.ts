import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the tables created in migrations/. Kept by hand next to the
 * migrations: a new migration updates this file in the same change.
 */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** Postgres bigint arrives as a string from node-postgres; kept as string to stay exact. */
type BigIntColumn = ColumnType<
  string,
  string | number | bigint | undefined,
  string | number | bigint
>;

export interface SocialLinkValue {
  id: number;
  social_id: number;
  link: string;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  display_name: string | null;
  email: string | null;
  email_verified_at: Timestamp | null;
  password_hash: string | null;
  is_guest: Generated<boolean>;
  phone: string | null;
  bio: string | null;
  date_of_birth: ColumnType<string | null, string | null, string | null>;
  gender: 'male' | 'female' | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  default_login: Generated<2 | 3>;
  profile_image_path: string | null;
  cover_photo_path: string | null;
  social_links: ColumnType<SocialLinkValue[], string | undefined, string>;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  stripe_account_id: string | null;
  stripe_account_status: string | null;
  stripe_account_is_demo: Generated<boolean>;
  stripe_public_key: string | null;
  stripe_secret_key_encrypted: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  /** The attendee's Customer at Stripe (cards saved with Stripe Elements). */
  stripe_customer_id: string | null;
  /** The card saved at Stripe for tips; null for a summary typed in demo mode. */
  stripe_payment_method_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type CodePurpose = 'email_verification' | 'password_reset';

export interface AuthCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: CodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface CodeRequestsTable {
  email: string;
  purpose: CodePurpose;
  last_sent_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface EventsTable {
  id: Generated<number>;
  host_id: number;
  name: string;
  start_time: Timestamp;
  end_time: Timestamp;
  address: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  banner_path: string | null;
  code: string;
  /** IANA zone of the venue (migration 202611211000). */
  timezone: Generated<string>;
  seq: BigIntColumn;
  /** Attendees who joined, kept by the live queue's writes (migration 202611241000). */
  joined_count: Generated<number>;
  /** Song requests held, kept by the live queue's writes. */
  request_count: Generated<number>;
  /** The host's request controls (migration 202611251000); the defaults take everything. */
  requests_open: Generated<boolean>;
  max_open_requests_per_guest: Generated<number>;
  guest_cooldown_seconds: Generated<number>;
  song_repeat_minutes: Generated<number>;
  allow_explicit: Generated<boolean>;
  blocked_terms: Generated<string[]>;
  /** The booth (migration 202611260100): the now-playing song and since when, kept by the live queue. */
  now_playing_song_id: string | null;
  now_playing_started_at: Timestamp | null;
  /** A track the decks play that nobody requested (then `now_playing_song_id` is null). */
  now_playing_title: string | null;
  now_playing_artist: string | null;
  /** Whether the big screen shows who asked. */
  display_requester_names: Generated<boolean>;
  /** How waiting songs are ordered (migration 202611301000). */
  queue_order: Generated<'most_requested' | 'first_come' | 'fair_share'>;
  /** Following the decks (migration 202611290900): bridge reports mark the queue while on. */
  follow_decks: Generated<boolean>;
  /** Seconds a deck plays a track before it counts. */
  deck_play_seconds: Generated<number>;
  /** Boosts (migration 202612010900): on/off, the smallest, the currency, the order, when a play counts. */
  boosts_enabled: Generated<boolean>;
  boost_min_cents: Generated<number>;
  boost_currency: Generated<string>;
  boost_order: Generated<'off' | 'orders' | 'ties'>;
  boost_counts_after_seconds: Generated<number>;
  /** Whether the big screen marks boosted songs. */
  display_boosted: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface EventAttendeesTable {
  event_id: number;
  user_id: number;
  joined_at: CreatedAt;
  /** The host let the big screen show this guest's held name (migration 202611301100). */
  name_allowed: Generated<boolean>;
}

export interface SongRequestsTable {
  id: Generated<number>;
  event_id: number;
  attendee_id: number;
  song_id: string;
  song_name: string;
  song_artist: string | null;
  album_name: Generated<string>;
  song_image: string | null;
  song_link: string | null;
  song_duration: Generated<number>;
  status: Generated<0 | 1>;
  played_at: Timestamp | null;
  /** A dedication, 1-140 characters (migration 202611260100). */
  message: string | null;
  /** The song's explicit mark as requested (migration 202611281000). */
  explicit: Generated<boolean>;
  /** The guest's requests in the event when this one was made, itself included (migration 202611301000). */
  turn: Generated<number>;
  created_at: CreatedAt;
}

export interface RatingsTable {
  id: Generated<number>;
  host_id: number;
  attendee_id: number;
  event_id: number | null;
  rating: number;
  feedback: string | null;
  created_at: CreatedAt;
}

export type TipStatus = 'pending' | 'paid' | 'expired' | 'refunded';

export interface TipsTable {
  id: Generated<number>;
  checkout_session_id: string;
  payment_intent_id: string | null;
  host_id: number | null;
  event_id: number | null;
  attendee_id: number | null;
  attendee_name: string | null;
  attendee_type: number;
  amount_cents: number;
  platform_fee_cents: Generated<number>;
  currency: Generated<string>;
  status: TipStatus;
  is_demo: Generated<boolean>;
  return_path: string | null;
  paid_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * Where a boost stands. `capturing` and `releasing` are decided but not yet
 * confirmed by Stripe (the settle job makes the call); the rest as the
 * guest sees them (`captured` is "charged").
 */
export type BoostStatus =
  'pending' | 'held' | 'capturing' | 'captured' | 'releasing' | 'released' | 'failed' | 'refunded';

export interface BoostsTable {
  id: Generated<number>;
  event_id: number;
  host_id: number | null;
  attendee_id: number | null;
  attendee_name: string;
  song_id: string;
  song_name: string;
  amount_cents: number;
  currency: string;
  platform_fee_cents: Generated<number>;
  status: BoostStatus;
  reason: string | null;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  is_demo: boolean;
  capture_failed: Generated<boolean>;
  held_at: Timestamp | null;
  play_started_at: Timestamp | null;
  captured_at: Timestamp | null;
  settled_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProcessedWebhookEventsTable {
  id: string;
  type: string;
  processed_at: CreatedAt;
}

export interface SocialPlatformsTable {
  id: number;
  name: string;
  icon_slug: string;
  sort_order: number;
}

export interface CatalogSongsTable {
  id: string;
  title: string;
  artist: string;
  album: string;
  year: number | null;
  genre: string | null;
  duration_seconds: number;
  /** Explicit lyrics (migration 202611260100). */
  explicit: Generated<boolean>;
  search: ColumnType<string, never, never>;
}

export interface DevOutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: CreatedAt;
}

/** One row per requested song of an event: the grouped queue, kept by the live queue's writes. */
export interface QueueEntriesTable {
  event_id: number;
  song_id: string;
  song_name: string;
  song_artist: string | null;
  album_name: string;
  song_image: string | null;
  song_link: string | null;
  song_duration: number;
  request_count: number;
  unplayed_count: number;
  first_requested_at: Timestamp;
  last_played_at: Timestamp | null;
  /** Put off with Later until the DJ plays it or brings it back (migration 202611260100). */
  later: Generated<boolean>;
  /** Its requests that carry a dedication. */
  dedication_count: Generated<number>;
  /** Any of its requests was of an explicit song (migration 202611281000). */
  explicit: Generated<boolean>;
  /** The best turn among its waiting requests, among all once all played (migration 202611301000). */
  turn: Generated<number>;
  /** Its words wait for the host before the room sees them (migration 202611301100). */
  held: Generated<boolean>;
  /** Its held and charged boosts, in minor units (migration 202612010900). */
  boost_cents: Generated<number>;
}

/** Songs the host rejected for the night: new requests for them are refused. */
export interface RejectedSongsTable {
  event_id: number;
  song_id: string;
  rejected_at: CreatedAt;
}

/**
 * A song request's idempotency key and the answer it got (migration
 * 202611271000): `answer` is the `{msg, data}` sent with `status_code`.
 */
export interface SongRequestKeysTable {
  user_id: number;
  client_request_id: string;
  status_code: 200 | 201;
  answer: ColumnType<unknown, string, never>;
  created_at: CreatedAt;
}

/**
 * A bridge key of an event (migration 202611290900): the pairing code's hash
 * until it is exchanged, then the token's; secrets are never kept in clear.
 */
export interface BridgeKeysTable {
  id: Generated<number>;
  event_id: number;
  pairing_code_hash: string | null;
  pairing_expires_at: Timestamp | null;
  token_hash: string | null;
  /** The software the bridge last reported from. */
  source: string | null;
  created_at: CreatedAt;
  paired_at: Timestamp | null;
  last_seen_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A track start a bridge reported, once per id, and what became of it. */
export interface DeckTracksTable {
  event_id: number;
  track_id: string;
  bridge_key_id: number | null;
  title: string;
  artist: string;
  deck: string | null;
  source: string;
  started_at: Timestamp;
  outcome: string;
  song_id: string | null;
  /** What was playing when this track's mark moved it on (the booth's undo puts it back). */
  previous_song_id: string | null;
  received_at: CreatedAt;
}

/**
 * A phone's Web Push subscription for one event (migration 202611301200),
 * made under its guest's session. `keys_sealed`: the subscription's keys
 * (p256dh, auth) as JSON, sealed with ENCRYPTION_KEY.
 */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  event_id: number;
  attendee_id: number;
  endpoint: string;
  keys_sealed: string;
  created_at: CreatedAt;
}

/** A notice a subscription was sent: each kind once per song. */
export interface PushNoticesTable {
  subscription_id: number;
  song_id: string;
  kind: string;
  sent_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  auth_codes: AuthCodesTable;
  code_requests: CodeRequestsTable;
  sessions: SessionsTable;
  events: EventsTable;
  event_attendees: EventAttendeesTable;
  song_requests: SongRequestsTable;
  queue_entries: QueueEntriesTable;
  rejected_songs: RejectedSongsTable;
  song_request_keys: SongRequestKeysTable;
  bridge_keys: BridgeKeysTable;
  deck_tracks: DeckTracksTable;
  push_subscriptions: PushSubscriptionsTable;
  push_notices: PushNoticesTable;
  ratings: RatingsTable;
  tips: TipsTable;
  boosts: BoostsTable;
  processed_webhook_events: ProcessedWebhookEventsTable;
  social_platforms: SocialPlatformsTable;
  catalog_songs: CatalogSongsTable;
  dev_outbox: DevOutboxTable;
}
