import { z } from 'zod';
import { requiredText } from './fields.ts';
import { emptyAsAbsent } from './wire-forms.ts';

/** Contracts of the song search (spec §2 song search modal, §7 get-search-song-list). */

export const SONG_SEARCH_TERM_MAX = 100;
export const SONG_SEARCH_DEFAULT_LIMIT = 20;
export const SONG_SEARCH_MAX_LIMIT = 50;

/** Where a search result came from: the built-in catalog or one of the real music services. */
export const CATALOG_PROVIDERS = ['catalog', 'itunes', 'soundcloud', 'spotify'] as const;
export type CatalogProviderName = (typeof CATALOG_PROVIDERS)[number];

export const searchSongsQuery = z.object({
  /** What the attendee typed (the web app joins artist and title words into one term). */
  q: requiredText(SONG_SEARCH_TERM_MAX),
  limit: emptyAsAbsent(
    z.coerce
      .number({ error: 'Must be a number.' })
      .int('Must be a whole number.')
      .min(1, 'Must be at least 1.')
      .max(SONG_SEARCH_MAX_LIMIT, `Must be at most ${SONG_SEARCH_MAX_LIMIT}.`)
      .default(SONG_SEARCH_DEFAULT_LIMIT),
  ),
});
export type SearchSongsQuery = z.infer<typeof searchSongsQuery>;

/**
 * One search result, named like the send-song-request payload (spec §7) so the
 * modal can send a result back as it is. A missing album reads DEFAULT_ALBUM_NAME.
 */
export const catalogSong = z.object({
  /** Stable across searches: `cat-…` for the built-in catalog, `<provider>-<their id>` otherwise. */
  song_id: z.string(),
  song_name: z.string(),
  song_artist: z.string(),
  album_name: z.string(),
  song_image: z.string().nullable(),
  song_link: z.string().nullable(),
  /** Whole seconds. */
  song_duration: z.number().int(),
  year: z.number().int().nullable(),
  /** Explicit lyrics (the catalog's mark, iTunes' trackExplicitness). */
  explicit: z.boolean(),
  provider: z.enum(CATALOG_PROVIDERS),
});
export type CatalogSong = z.infer<typeof catalogSong>;

export const catalogSongList = z.array(catalogSong);
