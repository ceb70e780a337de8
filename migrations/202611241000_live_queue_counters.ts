import { sql, type Kysely } from 'kysely';

/**
 * Counters for the live queue, kept by the write that changes them instead of
 * counted on every read: each event's attendee and request counts, and one
 * row per requested song (`queue_entries`) with its request count, how many
 * of those are not played yet, when it was first requested and when it was
 * last played. The rows of `song_requests` stay the source of truth (who
 * asked, and when); the live-queue module keeps both in one transaction, and
 * its `recountEventQueue` rebuilds an event's counters from the rows (seeding).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('joined_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('request_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('queue_entries')
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('song_id', 'text', (c) => c.notNull())
    .addColumn('song_name', 'text', (c) => c.notNull())
    .addColumn('song_artist', 'text')
    .addColumn('album_name', 'text', (c) => c.notNull())
    .addColumn('song_image', 'text')
    .addColumn('song_link', 'text')
    .addColumn('song_duration', 'integer', (c) => c.notNull())
    .addColumn('request_count', 'integer', (c) => c.notNull().check(sql`request_count > 0`))
    .addColumn('unplayed_count', 'integer', (c) =>
      c.notNull().check(sql`unplayed_count >= 0 and unplayed_count <= request_count`),
    )
    .addColumn('first_requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_played_at', 'timestamptz')
    .addPrimaryKeyConstraint('queue_entries_pk', ['event_id', 'song_id'])
    .execute();

  // The first request of a song is found by this index when its entry is rebuilt.
  await db.schema.dropIndex('song_requests_event_song').execute();
  await db.schema
    .createIndex('song_requests_event_song')
    .on('song_requests')
    .columns(['event_id', 'song_id', 'created_at'])
    .execute();

  await sql`
    insert into queue_entries (event_id, song_id, song_name, song_artist, album_name, song_image,
      song_link, song_duration, request_count, unplayed_count, first_requested_at, last_played_at)
    select distinct on (event_id, song_id) event_id, song_id, song_name, song_artist, album_name,
      song_image, song_link, song_duration,
      count(*) over w, count(*) filter (where status = 0) over w, created_at, max(played_at) over w
    from song_requests
    window w as (partition by event_id, song_id)
    order by event_id, song_id, created_at, id
  `.execute(db);
  await sql`
    update events set
      joined_count = (select count(*) from event_attendees a where a.event_id = events.id),
      request_count = (select count(*) from song_requests r where r.event_id = events.id)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('song_requests_event_song').execute();
  await db.schema
    .createIndex('song_requests_event_song')
    .on('song_requests')
    .columns(['event_id', 'song_id'])
    .execute();
  await db.schema.dropTable('queue_entries').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('request_count')
    .dropColumn('joined_count')
    .execute();
}
