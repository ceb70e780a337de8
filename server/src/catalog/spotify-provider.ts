import type { CatalogSong } from '@floorfill/shared';
import { z } from 'zod';
import {
  albumNameOr,
  fetchJson,
  secondsFromMillis,
  SongProviderError,
  usableItems,
  yearOf,
  type SongProvider,
} from './song-provider.ts';

export interface SpotifyOptions {
  apiBaseUrl: string;
  accountsBaseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** A token is renewed this long before Spotify says it expires, so none expires mid-request. */
const TOKEN_RENEW_MARGIN_MS = 60_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
});

/** One track object of Spotify's search; only the fields we use. */
const spotifyTrack = z.object({
  id: z.string(),
  name: z.string(),
  duration_ms: z.number().nullish(),
  explicit: z.boolean().nullish(),
  artists: z.array(z.object({ name: z.string() })).min(1),
  album: z
    .object({
      name: z.string().nullish(),
      release_date: z.string().nullish(),
      images: z.array(z.object({ url: z.string() })).nullish(),
    })
    .nullish(),
  external_urls: z.object({ spotify: z.string().nullish() }).nullish(),
});

const searchAnswer = z.object({ tracks: z.object({ items: z.array(z.unknown()) }) });

function toCatalogSong(track: z.output<typeof spotifyTrack>): CatalogSong {
  return {
    song_id: `spotify-${track.id}`,
    song_name: track.name,
    song_artist: track.artists.map((artist) => artist.name).join(', '),
    album_name: albumNameOr(track.album?.name),
    // Spotify lists album images largest first.
    song_image: track.album?.images?.[0]?.url ?? null,
    song_link: track.external_urls?.spotify ?? null,
    song_duration: secondsFromMillis(track.duration_ms),
    year: yearOf(track.album?.release_date),
    explicit: track.explicit === true,
    provider: 'spotify',
  };
}

/**
 * Client-credentials access tokens, kept until shortly before they expire and
 * shared by concurrent searches (one token request at a time).
 */
class SpotifyTokens {
  private token: { value: string; renewAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(private readonly options: SpotifyOptions) {}

  async get(signal: AbortSignal): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return this.token.value;
    this.pending ??= this.request(signal).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  forget(): void {
    this.token = undefined;
  }

  private async request(signal: AbortSignal): Promise<string> {
    const credentials = Buffer.from(
      `${this.options.clientId}:${this.options.clientSecret}`,
    ).toString('base64');
    const answer = tokenAnswer.parse(
      await fetchJson(`${this.options.accountsBaseUrl}/api/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
        signal,
      }),
    );
    const lifetimeMs = answer.expires_in * 1000;
    this.token = {
      value: answer.access_token,
      renewAt: Date.now() + Math.max(lifetimeMs - TOKEN_RENEW_MARGIN_MS, lifetimeMs / 2),
    };
    return answer.access_token;
  }
}

/** Spotify's Web API search with an app's client credentials. */
export function createSpotifyProvider(options: SpotifyOptions): SongProvider {
  const tokens = new SpotifyTokens(options);
  const withBearer = (token: string, signal: AbortSignal) => ({
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    signal,
  });

  return {
    name: 'spotify',
    async search(term, limit, signal) {
      const params = new URLSearchParams({ q: term, type: 'track', limit: String(limit) });
      const url = `${options.apiBaseUrl}/v1/search?${params}`;
      let body: unknown;
      try {
        body = await fetchJson(url, withBearer(await tokens.get(signal), signal));
      } catch (error) {
        if (!(error instanceof SongProviderError) || error.status !== 401) throw error;
        // A token revoked or expired early: one more try with a fresh one.
        tokens.forget();
        body = await fetchJson(url, withBearer(await tokens.get(signal), signal));
      }
      return usableItems(spotifyTrack, searchAnswer.parse(body).tracks.items).map(toCatalogSong);
    },
  };
}
