import { sql, type Kysely } from 'kysely';

/**
 * Following the decks (issue 28). An event's deck settings: whether tracks a
 * bridge reports mark the queue (`follow_decks`, off until the host turns it
 * on) and how long a deck must play a track before it counts
 * (`deck_play_seconds`). `bridge_keys`: the event's bridge keys, each made
 * in the booth with a pairing code (kept as its SHA-256, good once, until it
 * expires) that the bridge exchanges for its token (kept as its SHA-256);
 * revoked keys stay listed. `deck_tracks`: every track start a bridge
 * reported, once per id, with what became of it (the song it marked and
 * the one that was playing before, for the booth's undo, or none) — the
 * booth's last tracks and the night's played-not-requested songs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('follow_decks', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deck_play_seconds', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(30)
        .check(sql`deck_play_seconds between 5 and 300`),
    )
    .execute();
  await db.schema
    .createTable('bridge_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('pairing_code_hash', 'text', (c) => c.unique())
    .addColumn('pairing_expires_at', 'timestamptz')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('source', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paired_at', 'timestamptz')
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('bridge_keys_event_id_idx')
    .on('bridge_keys')
    .column('event_id')
    .execute();
  await db.schema
    .createTable('deck_tracks')
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('track_id', 'text', (c) => c.notNull())
    .addColumn('bridge_key_id', 'integer', (c) =>
      c.references('bridge_keys.id').onDelete('set null'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('deck', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('song_id', 'text')
    .addColumn('previous_song_id', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deck_tracks_pkey', ['event_id', 'track_id'])
    .execute();
  await db.schema
    .createIndex('deck_tracks_event_started_idx')
    .on('deck_tracks')
    .columns(['event_id', 'started_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deck_tracks').execute();
  await db.schema.dropTable('bridge_keys').execute();
  await db.schema.alterTable('events').dropColumn('deck_play_seconds').execute();
  await db.schema.alterTable('events').dropColumn('follow_decks').execute();
}
