import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';

export interface CatalogSongRow {
  id: string;
  title: string;
  artist: string;
  album: string;
  year: number | null;
  genre: string | null;
  duration_seconds: number;
  explicit: boolean;
}

/** Enough for any real title; keeps the query small whatever is typed. */
const MAX_SEARCH_WORDS = 10;

/**
 * The words of a search term: runs of letters (with their marks) and digits
 * in any script, lower-cased. Apostrophes and dots are dropped first, as the
 * catalog's search text drops them, so "don't" and "dont" are one word and
 * "T.N.T." is "tnt".
 */
function searchWords(term: string): string[] {
  const joined = term
    .normalize('NFC')
    .toLowerCase()
    .replace(/['’‘`ʼ.]/gu, '');
  return (joined.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/**
 * The catalog's search document: the same expression as the GIN index
 * `catalog_songs_search_text` (migration 202611210900), so the index is used.
 */
const searchDocument = sql`to_tsvector('simple', catalog_search_text(title || ' ' || artist || ' ' || album))`;

/**
 * Every word as a prefix, all required: "bohem rhap" is `bohem:* & rhap:*`.
 * Each word is a bound parameter folded by the same function as the document,
 * and holds only letters and digits, so nothing typed can reach tsquery syntax.
 */
function prefixQuery(words: string[]) {
  const prefixes = words.map((word) => sql`catalog_search_text(${word}) || ':*'`);
  return sql`to_tsquery('simple', ${sql.join(prefixes, sql` || ' & ' || `)})`;
}

/** Full-text search of the built-in catalog, best match first; a term without words finds nothing. */
export async function searchCatalogSongs(
  db: DbOrTrx,
  term: string,
  limit: number,
): Promise<CatalogSongRow[]> {
  const words = searchWords(term);
  if (words.length === 0) return [];
  const query = prefixQuery(words);
  return db
    .selectFrom('catalog_songs')
    .select(['id', 'title', 'artist', 'album', 'year', 'genre', 'duration_seconds', 'explicit'])
    .where(sql<boolean>`${searchDocument} @@ ${query}`)
    .orderBy(sql`ts_rank(${searchDocument}, ${query})`, 'desc')
    .orderBy('title')
    .orderBy('artist')
    .orderBy('id')
    .limit(limit)
    .execute();
}
