import type { CatalogSong } from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogConfig } from '../config.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { createBuiltinProvider } from './builtin-provider.ts';
import { createItunesProvider } from './itunes-provider.ts';
import { createSoundcloudProvider } from './soundcloud-provider.ts';
import type { SongProvider } from './song-provider.ts';
import { createSpotifyProvider } from './spotify-provider.ts';

export interface CatalogService {
  /** Never fails because of a music service: a slow or failing one is answered from the built-in catalog. */
  search(term: string, limit: number, log: FastifyBaseLogger): Promise<CatalogSong[]>;
}

/** The configured music service, or none when the built-in catalog is the provider. */
function externalProvider(config: CatalogConfig): SongProvider | undefined {
  switch (config.provider) {
    case 'catalog':
      return undefined;
    case 'itunes':
      return createItunesProvider(config.itunes);
    case 'soundcloud': {
      const { baseUrl, clientId } = config.soundcloud;
      if (!clientId)
        throw new Error('SOUNDCLOUD_CLIENT_ID is required for the SoundCloud provider');
      return createSoundcloudProvider({ baseUrl, clientId });
    }
    case 'spotify': {
      const { apiBaseUrl, accountsBaseUrl, clientId, clientSecret } = config.spotify;
      if (!clientId || !clientSecret) {
        throw new Error(
          'SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET are required for the Spotify provider',
        );
      }
      return createSpotifyProvider({ apiBaseUrl, accountsBaseUrl, clientId, clientSecret });
    }
  }
}

/** The first `limit` songs, each song id once (services repeat a track across releases). */
function distinctSongs(songs: CatalogSong[], limit: number): CatalogSong[] {
  const seen = new Set<string>();
  const distinct: CatalogSong[] = [];
  for (const song of songs) {
    if (seen.has(song.song_id)) continue;
    seen.add(song.song_id);
    distinct.push(song);
    if (distinct.length === limit) break;
  }
  return distinct;
}

/**
 * Song search: the configured music service, or the built-in catalog when
 * there is none. A failure of the service (timeout, HTTP error, malformed
 * answer, no network at all) is answered from the built-in catalog, and for
 * the next `fallbackSeconds` the service is not asked: a laptop at a venue
 * without internet answers every search at once instead of waiting out a
 * timeout each time. The first search after that window asks the service
 * again. Each node keeps its own window.
 */
export function createCatalogService(
  db: DbOrTrx,
  config: CatalogConfig,
  now: () => number = Date.now,
): CatalogService {
  const builtin = createBuiltinProvider(db);
  const external = externalProvider(config);
  let skipExternalUntil = 0;

  async function searchWith(provider: SongProvider, term: string, limit: number) {
    const songs = await provider.search(term, limit, AbortSignal.timeout(config.timeoutMs));
    return distinctSongs(songs, limit);
  }

  return {
    async search(term, limit, log) {
      if (!external || now() < skipExternalUntil) return searchWith(builtin, term, limit);
      try {
        return await searchWith(external, term, limit);
      } catch (error) {
        skipExternalUntil = now() + config.fallbackSeconds * 1000;
        log.warn(
          { err: error, provider: external.name, fallbackSeconds: config.fallbackSeconds },
          'song provider failed; answering from the built-in catalog for a while',
        );
        return searchWith(builtin, term, limit);
      }
    },
  };
}
