import {
  DEFAULT_ALBUM_NAME,
  DEFAULT_SONG_DURATION,
  type CatalogProviderName,
  type CatalogSong,
} from '@floorfill/shared';
import type { z } from 'zod';

/**
 * A place songs can be searched: the built-in catalog or a music service.
 * Every provider answers in the spec's song fields, so the modal and the
 * send-song-request payload never see where a song came from.
 */
export interface SongProvider {
  readonly name: CatalogProviderName;
  /** Rejects on a failure (HTTP error, timeout through `signal`, malformed answer); an empty list is an answer. */
  search(term: string, limit: number, signal: AbortSignal): Promise<CatalogSong[]>;
}

/** A music service answered with something other than a usable result. */
export class SongProviderError extends Error {
  override name = 'SongProviderError';
  constructor(
    message: string,
    /** The HTTP status when the service answered with an error. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** GET or POST a music service and read its JSON; a non-2xx answer is a SongProviderError. */
export async function fetchJson(
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) {
    await response.body?.cancel();
    throw new SongProviderError(
      `${new URL(url).origin} answered HTTP ${response.status}`,
      response.status,
    );
  }
  return response.json();
}

/**
 * Items of a service's result list that have what a song needs. One odd item
 * (a podcast, a null, a missing field) is left out instead of failing the search.
 */
export function usableItems<T extends z.ZodType>(schema: T, items: unknown[]): z.output<T>[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Whole seconds from milliseconds; the spec's default duration when a service gives none. */
export function secondsFromMillis(millis: number | null | undefined): number {
  if (!millis || millis <= 0) return DEFAULT_SONG_DURATION;
  return Math.max(1, Math.round(millis / 1000));
}

/** The year of a release date such as 1975-10-31, 1975-10 or 1975. */
export function yearOf(date: string | null | undefined): number | null {
  const match = /^(\d{4})/.exec(date ?? '');
  return match ? Number(match[1]) : null;
}

export function albumNameOr(album: string | null | undefined): string {
  const trimmed = album?.trim();
  return trimmed ? trimmed : DEFAULT_ALBUM_NAME;
}
