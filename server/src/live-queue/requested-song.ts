import {
  CATALOG_SONG_ID_PREFIX,
  DEFAULT_ALBUM_NAME,
  DEFAULT_SONG_DURATION,
  freeTextSongId,
  isAllowedArtwork,
  isFreeTextSongId,
  MSG,
  REQUEST_MSG,
  tidySongText,
  type SendSongRequestBody,
} from '@floorfill/shared';
import { fieldError } from '../http/errors.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { findCatalogSong, type RequestedSong } from './send-request.repository.ts';

/**
 * Built-in catalog songs never change while the server runs (they are seed
 * data), so each node keeps the ones requested in memory: a popular song is
 * read from the database once, not on every request. Bounded, oldest-first
 * eviction; unknown ids are not kept (a stranger cannot fill the memory).
 */
const CATALOG_CACHE_MAX = 5000;

export function isCatalogSongId(songId: string): boolean {
  return songId.startsWith(CATALOG_SONG_ID_PREFIX);
}

/**
 * A free-text request's song: the typed title and artist, tidied, under the
 * id made from them (`freeTextSongId`), whatever id was sent — so the same
 * typed song from many guests is one entry, and a typed song never takes a
 * catalog song's id. Only the words count: artwork, link, album, length and
 * explicit mark are the defaults, whatever was sent.
 */
function typedSong(body: SendSongRequestBody): RequestedSong {
  const title = body.song_name ? tidySongText(body.song_name) : '';
  if (!title) throw fieldError('song_name', MSG.fieldRequired);
  const artist = body.song_artist ? tidySongText(body.song_artist) : null;
  return {
    songId: freeTextSongId(title, artist),
    songName: title,
    songArtist: artist || null,
    albumName: DEFAULT_ALBUM_NAME,
    songImage: null,
    songLink: null,
    songDuration: DEFAULT_SONG_DURATION,
    explicit: false,
  };
}

/**
 * The song a send-song-request names, as it will be stored: a free-text
 * request's as typed (above); a built-in catalog song as the catalog has it
 * (the client cannot rename it; 422 for an unknown id), any other song as
 * sent, with the defaults (album 'N/A',
 * duration 5 s). Artwork is kept only from the catalogs' image hosts
 * (`artworkHosts`); from anywhere else it is dropped and the song shows none.
 */
export function createSongResolver(db: DbOrTrx, artworkHosts: readonly string[]) {
  const catalog = new Map<string, RequestedSong>();

  async function catalogSong(songId: string): Promise<RequestedSong> {
    const cached = catalog.get(songId);
    if (cached) return cached;
    const row = await findCatalogSong(db, songId);
    if (!row) throw fieldError('song_id', REQUEST_MSG.unknownSong);
    const song: RequestedSong = {
      songId: row.id,
      songName: row.title,
      songArtist: row.artist,
      albumName: row.album.trim() || DEFAULT_ALBUM_NAME,
      songImage: null,
      songLink: null,
      songDuration: row.duration_seconds || DEFAULT_SONG_DURATION,
      explicit: row.explicit,
    };
    if (catalog.size >= CATALOG_CACHE_MAX) {
      const oldest = catalog.keys().next().value;
      if (oldest !== undefined) catalog.delete(oldest);
    }
    catalog.set(songId, song);
    return song;
  }

  return async function resolveSong(body: SendSongRequestBody): Promise<RequestedSong> {
    if (body.free_text || isFreeTextSongId(body.song_id)) return typedSong(body);
    if (isCatalogSongId(body.song_id)) return catalogSong(body.song_id);
    if (!body.song_name) throw fieldError('song_name', MSG.fieldRequired);
    return {
      songId: body.song_id,
      songName: body.song_name,
      songArtist: body.song_artist,
      albumName: body.album_name ?? DEFAULT_ALBUM_NAME,
      songImage:
        body.song_image && isAllowedArtwork(body.song_image, artworkHosts) ? body.song_image : null,
      songLink: body.song_link ?? null,
      songDuration: body.song_duration ?? DEFAULT_SONG_DURATION,
      // As sent, like the title and artist: the search result's mark (see docs/decisions.md).
      explicit: body.explicit ?? false,
    };
  };
}

export type SongResolver = ReturnType<typeof createSongResolver>;
