import { sql, type Kysely } from 'kysely';

/**
 * The host's request controls for an event (issue 14): whether requests are
 * open, how many waiting requests a guest may hold, how long a guest waits
 * between requests, how long a played song rests before it can be asked for
 * again, whether explicit songs are taken, and terms (artist or title) the DJ
 * does not take. The defaults take everything, as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('requests_open', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('max_open_requests_per_guest', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`max_open_requests_per_guest between 0 and 50`),
    )
    .addColumn('guest_cooldown_seconds', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`guest_cooldown_seconds between 0 and 3600`),
    )
    .addColumn('song_repeat_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`song_repeat_minutes between 0 and 720`),
    )
    .addColumn('allow_explicit', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('blocked_terms', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .dropColumn('requests_open')
    .dropColumn('max_open_requests_per_guest')
    .dropColumn('guest_cooldown_seconds')
    .dropColumn('song_repeat_minutes')
    .dropColumn('allow_explicit')
    .dropColumn('blocked_terms')
    .execute();
}
