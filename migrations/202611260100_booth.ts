import { sql, type Kysely } from 'kysely';

/**
 * The booth (issue 14): the event's now-playing song (which one, since when);
 * whether the big screen names who asked; a dedication on a request; the
 * queue entries' Later flag and dedication count; the songs the host rejected
 * for the night (kept apart from the entries, which are rebuilt from their
 * requests and vanish with them: a rejection outlives its requests); and the
 * built-in catalog's explicit mark, set on a handful of seed songs.
 */

const EXPLICIT_SEED_SONGS = [
  'cat-2pac--hit-em-up',
  'cat-50-cent--in-da-club',
  'cat-cardi-b-feat-megan-thee-stallion--wap',
  'cat-david-guetta-feat-akon--sexy-bitch',
  'cat-dr-dre-feat-snoop-dogg--still-dre',
  'cat-eminem--the-real-slim-shady',
  'cat-eminem--without-me',
  'cat-jay-z-and-kanye-west--niggas-in-paris',
  'cat-juvenile-feat-mannie-fresh-and-lil-wayne--back-that-azz-up',
  'cat-kendrick-lamar--humble',
  'cat-lil-jon-and-the-east-side-boyz-feat-ying-yang-twins--get-low',
  'cat-ludacris--move-bitch',
  'cat-rage-against-the-machine--killing-in-the-name',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('now_playing_song_id', 'text')
    .addColumn('now_playing_started_at', 'timestamptz')
    .addColumn('display_requester_names', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('song_requests')
    .addColumn('message', 'text', (c) => c.check(sql`char_length(message) between 1 and 140`))
    .execute();
  await db.schema
    .alterTable('queue_entries')
    .addColumn('later', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dedication_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`dedication_count >= 0`),
    )
    .execute();
  await db.schema
    .createTable('rejected_songs')
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('song_id', 'text', (c) => c.notNull())
    .addColumn('rejected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('rejected_songs_pk', ['event_id', 'song_id'])
    .execute();
  await db.schema
    .alterTable('catalog_songs')
    .addColumn('explicit', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db
    .updateTable('catalog_songs')
    .set({ explicit: true })
    .where('id', 'in', EXPLICIT_SEED_SONGS)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalog_songs').dropColumn('explicit').execute();
  await db.schema.dropTable('rejected_songs').execute();
  await db.schema
    .alterTable('queue_entries')
    .dropColumn('later')
    .dropColumn('dedication_count')
    .execute();
  await db.schema.alterTable('song_requests').dropColumn('message').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('now_playing_song_id')
    .dropColumn('now_playing_started_at')
    .dropColumn('display_requester_names')
    .execute();
}
