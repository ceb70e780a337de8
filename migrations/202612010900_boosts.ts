import { sql, type Kysely } from 'kysely';

/**
 * Boosts (issue 30): money a guest adds to their request, authorised when
 * given and taken only once the song has played. `boosts` keeps each one
 * with its PaymentIntent (or demo checkout) and where it stands;
 * `queue_entries.boost_cents` is a song's total of held and charged boosts
 * (the booth's badge and the boost order); the events carry the host's boost
 * settings.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('boosts_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('boost_min_cents', 'integer', (c) => c.notNull().defaultTo(200))
    .addColumn('boost_currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('boost_order', 'text', (c) =>
      c
        .notNull()
        .defaultTo('off')
        .check(sql`boost_order in ('off', 'orders', 'ties')`),
    )
    .addColumn('boost_counts_after_seconds', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('display_boosted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('queue_entries')
    .addColumn('boost_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('boosts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('host_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('attendee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('attendee_name', 'text', (c) => c.notNull())
    .addColumn('song_id', 'text', (c) => c.notNull())
    .addColumn('song_name', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('platform_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('pending', 'held', 'capturing', 'captured', 'releasing', 'released', 'failed', 'refunded')`,
        ),
    )
    .addColumn('reason', 'text')
    .addColumn('checkout_session_id', 'text', (c) => c.unique())
    .addColumn('payment_intent_id', 'text', (c) => c.unique())
    .addColumn('is_demo', 'boolean', (c) => c.notNull())
    .addColumn('capture_failed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('held_at', 'timestamptz')
    // When the play its capture waits on began (the review saw the song playing).
    .addColumn('play_started_at', 'timestamptz')
    .addColumn('captured_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One open boost per guest and song; the settle sweep looks at open ones only.
  await sql`
    create unique index boosts_one_open_per_song on boosts (event_id, attendee_id, song_id)
    where status in ('pending', 'held')
  `.execute(db);
  await sql`
    create index boosts_open on boosts (event_id, song_id)
    where status in ('pending', 'held', 'capturing', 'releasing')
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('boosts').execute();
  await db.schema.alterTable('queue_entries').dropColumn('boost_cents').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('boosts_enabled')
    .dropColumn('boost_min_cents')
    .dropColumn('boost_currency')
    .dropColumn('boost_order')
    .dropColumn('boost_counts_after_seconds')
    .dropColumn('display_boosted')
    .execute();
}
