import type { CatalogSong } from '@floorfill/shared';
import type { DbOrTrx } from '../infra/db.ts';
import { searchCatalogSongs, type CatalogSongRow } from './catalog.repository.ts';
import { albumNameOr, type SongProvider } from './song-provider.ts';

function toCatalogSong(row: CatalogSongRow): CatalogSong {
  return {
    song_id: row.id,
    song_name: row.title,
    song_artist: row.artist,
    album_name: albumNameOr(row.album),
    song_image: null,
    song_link: null,
    song_duration: row.duration_seconds,
    year: row.year,
    explicit: row.explicit,
    provider: 'catalog',
  };
}

/** The catalog shipped with the project, searched in Postgres: the default, and every provider's fallback. */
export function createBuiltinProvider(db: DbOrTrx): SongProvider {
  return {
    name: 'catalog',
    async search(term, limit) {
      const rows = await searchCatalogSongs(db, term, limit);
      return rows.map(toCatalogSong);
    },
  };
}
