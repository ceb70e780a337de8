import type { CatalogSong } from '@floorfill/shared';
import { z } from 'zod';
import {
  albumNameOr,
  fetchJson,
  secondsFromMillis,
  usableItems,
  yearOf,
  type SongProvider,
} from './song-provider.ts';

/** One song of the iTunes Search API (`entity=song`); only the fields we use. */
const itunesTrack = z.object({
  trackId: z.number(),
  trackName: z.string(),
  artistName: z.string(),
  collectionName: z.string().nullish(),
  artworkUrl100: z.string().nullish(),
  trackTimeMillis: z.number().nullish(),
  trackViewUrl: z.string().nullish(),
  releaseDate: z.string().nullish(),
  /** explicit, cleaned or notExplicit. */
  trackExplicitness: z.string().nullish(),
});

const itunesAnswer = z.object({ results: z.array(z.unknown()) });

function toCatalogSong(track: z.output<typeof itunesTrack>): CatalogSong {
  return {
    song_id: `itunes-${track.trackId}`,
    song_name: track.trackName,
    song_artist: track.artistName,
    album_name: albumNameOr(track.collectionName),
    song_image: track.artworkUrl100 ?? null,
    song_link: track.trackViewUrl ?? null,
    song_duration: secondsFromMillis(track.trackTimeMillis),
    year: yearOf(track.releaseDate),
    explicit: track.trackExplicitness === 'explicit',
    provider: 'itunes',
  };
}

/** Apple's iTunes Search API: no key needed. */
export function createItunesProvider(options: { baseUrl: string }): SongProvider {
  return {
    name: 'itunes',
    async search(term, limit, signal) {
      const params = new URLSearchParams({
        term,
        media: 'music',
        entity: 'song',
        limit: String(limit),
      });
      const answer = itunesAnswer.parse(
        await fetchJson(`${options.baseUrl}/search?${params}`, {
          headers: { accept: 'application/json' },
          signal,
        }),
      );
      return usableItems(itunesTrack, answer.results).map(toCatalogSong);
    },
  };
}
