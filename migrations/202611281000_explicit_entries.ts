import { sql, type Kysely } from 'kysely';

/**
 * Each song request and each queue entry keep the song's explicit mark. A
 * host who turns explicit songs off then refuses the +1 of an explicit song
 * already in the queue too: the web's +1 sends the song as the queue shows
 * it, without the mark, and before this the request was taken. An entry is
 * explicit while any of its requests is. Past requests of built-in catalog
 * songs take the catalog's mark; those of music-service songs stay unmarked
 * (their mark was never kept).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('song_requests')
    .addColumn('explicit', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('queue_entries')
    .addColumn('explicit', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update song_requests set explicit = true
    from catalog_songs
    where catalog_songs.id = song_requests.song_id and catalog_songs.explicit
  `.execute(db);
  await sql`
    update queue_entries set explicit = true
    where exists (select 1 from song_requests r
                  where r.event_id = queue_entries.event_id and r.song_id = queue_entries.song_id
                    and r.explicit)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('queue_entries').dropColumn('explicit').execute();
  await db.schema.alterTable('song_requests').dropColumn('explicit').execute();
}
