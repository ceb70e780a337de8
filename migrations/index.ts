import type { Migration } from 'kysely/migration';
import * as initialSchema from './202611210800_initial_schema.ts';
import * as eventsTimezone from './202611211000_events_timezone.ts';
import * as seedSocialPlatforms from './202611211001_seed_social_platforms.ts';
import * as catalogSeed from './202611210900_catalog_seed.ts';
import * as payments from './202611211200_payments.ts';
import * as pruneIndexes from './202611211300_prune_indexes.ts';
import * as liveQueueCounters from './202611241000_live_queue_counters.ts';
import * as requestSettings from './202611251000_request_settings.ts';
import * as booth from './202611260100_booth.ts';
import * as savedCards from './202611260100_saved_cards.ts';
import * as songRequestKeys from './202611271000_song_request_keys.ts';
import * as explicitEntries from './202611281000_explicit_entries.ts';
import * as decksBridge from './202611290900_decks_bridge.ts';
import * as unrequestedNowPlaying from './202611300900_unrequested_now_playing.ts';
import * as fairQueue from './202611301000_fair_queue.ts';
import * as heldText from './202611301100_held_text.ts';
import * as pushSubscriptions from './202611301200_push_subscriptions.ts';
import * as boosts from './202612010900_boosts.ts';

/**
 * Every migration, in order. Listed explicitly (not read from the folder) so
 * they load the same under tsx, vitest and any bundler. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '202611210800_initial_schema': initialSchema,
  '202611211000_events_timezone': eventsTimezone,
  '202611211001_seed_social_platforms': seedSocialPlatforms,
  '202611210900_catalog_seed': catalogSeed,
  '202611211200_payments': payments,
  '202611211300_prune_indexes': pruneIndexes,
  '202611241000_live_queue_counters': liveQueueCounters,
  '202611251000_request_settings': requestSettings,
  '202611260100_booth': booth,
  '202611260100_saved_cards': savedCards,
  '202611271000_song_request_keys': songRequestKeys,
  '202611281000_explicit_entries': explicitEntries,
  '202611290900_decks_bridge': decksBridge,
  '202611300900_unrequested_now_playing': unrequestedNowPlaying,
  '202611301000_fair_queue': fairQueue,
  '202611301100_held_text': heldText,
  '202611301200_push_subscriptions': pushSubscriptions,
  '202612010900_boosts': boosts,
};
