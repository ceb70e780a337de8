import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';

/**
 * The built-in song catalog (design §2: the embedded default of the song
 * search): its search text function and index, and its songs. The data file is
 * frozen with this migration; a new catalog version comes as a new file and a
 * new migration.
 *
 * Why a function of its own rather than the `search` column: the 'simple'
 * configuration keeps accents and reads "AC/DC" or "P.Y.T." as odd tokens, so
 * "beyonce" would miss "Beyoncé" and "pyt" would miss "P.Y.T.". The function
 * folds accented Latin letters to ASCII (upper and lower case alike, because
 * lower() only knows ASCII under the C locale), drops apostrophes
 * and dots ("Don't" -> "dont", "T.N.T." -> "tnt") and turns other punctuation
 * into spaces. The song search applies the same function to the words typed.
 */

const ACCENTED =
  'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽžÆæŒœßÐðÞþȘșȚț';
const UNACCENTED =
  'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzzaaoosddttsstt';
const SPACED = '!"#$%&()*+,-/:;<=>?@[\\]^_{|}~‐‑‒–—―“”„«»‹›…¿¡·•′″';
const DELETED = "'’‘`ʼ.";

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const FOLD_FROM = quoted(ACCENTED + SPACED + DELETED);
const FOLD_TO = quoted(UNACCENTED + ' '.repeat(SPACED.length));

interface CatalogSeedRow {
  id: string;
  title: string;
  artist: string;
  album: string;
  year: number;
  genre: string;
  duration_seconds: number;
}

const DATA_FILE = path.join(import.meta.dirname, 'data', 'catalog-songs-v1.json');
const BATCH_SIZE = 200;

function readSeed(): CatalogSeedRow[] {
  return JSON.parse(readFileSync(DATA_FILE, 'utf8')) as CatalogSeedRow[];
}

function inBatches<T>(rows: T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    batches.push(rows.slice(start, start + BATCH_SIZE));
  }
  return batches;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create function catalog_search_text(value text) returns text
       language sql immutable parallel safe
       as $fold$ select translate(value, ${FOLD_FROM}, ${FOLD_TO}) $fold$`,
    )
    .execute(db);
  await sql`create index catalog_songs_search_text on catalog_songs
    using gin (to_tsvector('simple', catalog_search_text(title || ' ' || artist || ' ' || album)))`.execute(
    db,
  );
  for (const batch of inBatches(readSeed())) {
    await db
      .insertInto('catalog_songs')
      .values(
        batch.map((song) => ({
          id: song.id,
          title: song.title,
          artist: song.artist,
          album: song.album,
          year: song.year,
          genre: song.genre,
          duration_seconds: song.duration_seconds,
        })),
      )
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  for (const batch of inBatches(readSeed())) {
    await db
      .deleteFrom('catalog_songs')
      .where(
        'id',
        'in',
        batch.map((song) => song.id),
      )
      .execute();
  }
  await sql`drop index catalog_songs_search_text`.execute(db);
  await sql`drop function catalog_search_text(text)`.execute(db);
}
