import { z } from 'zod';
import { boostTotalsSchema } from './boosts.ts';
import { idField } from './fields.ts';

/**
 * get-night-summary (issue 14): what the host takes home after the night —
 * songs played, requests received, unique requesters, requests per 10 minutes
 * and their peak, the 10 most requested songs, tips received.
 */

export const NIGHT_SUMMARY_BUCKET_MINUTES = 10;
export const NIGHT_SUMMARY_TOP_SIZE = 10;

export const nightSummaryQuery = z.object({ event_id: idField });
export type NightSummaryQuery = z.infer<typeof nightSummaryQuery>;

export const requestsBucketSchema = z.object({
  /** The bucket's start, an ISO instant on a 10-minute boundary. */
  start: z.string(),
  count: z.number().int(),
});
export type RequestsBucket = z.infer<typeof requestsBucketSchema>;

/** A song as a list of the night's songs shows it: what it is and how many asked. */
export const topRequestedSongSchema = z.object({
  song_id: z.string(),
  song_name: z.string(),
  song_artist: z.string().nullable(),
  song_image: z.string().nullable(),
  request_count: z.number().int(),
});
export type TopRequestedSong = z.infer<typeof topRequestedSongSchema>;

export const nightSummarySchema = z.object({
  songs_played: z.number().int(),
  /** Tracks the decks played (a bridge reported them, followed) that matched no request. */
  played_not_requested: z.number().int(),
  requests_received: z.number().int(),
  unique_requesters: z.number().int(),
  /** From the first request's bucket to the last one's, empty buckets included. */
  per_10_minutes: z.array(requestsBucketSchema),
  peak: requestsBucketSchema.nullable(),
  top_requested: z.array(topRequestedSongSchema),
  tips: z.object({
    count: z.number().int(),
    total_cents: z.number().int(),
    currency: z.string(),
  }),
  /** Boosts of the night (issue 30): charged, released, refunded. */
  boosts: boostTotalsSchema,
});
export type NightSummary = z.infer<typeof nightSummarySchema>;
