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

/** One track of SoundCloud's search (spec §7 names these fields); only what we use. */
const soundcloudTrack = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  /** Milliseconds. */
  duration: z.number().nullish(),
  artwork_url: z.string().nullish(),
  permalink_url: z.string().nullish(),
  release_date: z.string().nullish(),
  user: z.object({ username: z.string(), avatar_url: z.string().nullish() }),
  publisher_metadata: z
    .object({ album_title: z.string().nullish(), explicit: z.boolean().nullish() })
    .nullish(),
});

/** api-v2 wraps the tracks in `collection`; the older API answered a bare list. */
const soundcloudAnswer = z.union([
  z.array(z.unknown()),
  z.object({ collection: z.array(z.unknown()) }).transform((answer) => answer.collection),
]);

function toCatalogSong(track: z.output<typeof soundcloudTrack>): CatalogSong {
  return {
    song_id: `soundcloud-${track.id}`,
    song_name: track.title,
    song_artist: track.user.username,
    album_name: albumNameOr(track.publisher_metadata?.album_title),
    // Many tracks have no artwork of their own; SoundCloud shows the uploader's avatar then.
    song_image: track.artwork_url ?? track.user.avatar_url ?? null,
    song_link: track.permalink_url ?? null,
    song_duration: secondsFromMillis(track.duration),
    year: yearOf(track.release_date),
    explicit: track.publisher_metadata?.explicit === true,
    provider: 'soundcloud',
  };
}

/** SoundCloud's track search with an app's client_id. */
export function createSoundcloudProvider(options: {
  baseUrl: string;
  clientId: string;
}): SongProvider {
  return {
    name: 'soundcloud',
    async search(term, limit, signal) {
      const params = new URLSearchParams({
        q: term,
        client_id: options.clientId,
        limit: String(limit),
      });
      const answer = soundcloudAnswer.parse(
        await fetchJson(`${options.baseUrl}/search/tracks?${params}`, {
          headers: { accept: 'application/json' },
          signal,
        }),
      );
      return usableItems(soundcloudTrack, answer).map(toCatalogSong);
    },
  };
}
