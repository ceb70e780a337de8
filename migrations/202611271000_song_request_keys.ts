import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys of song requests (issue 15): a phone that sends a request
 * again (it was offline, or the answer got lost) names it with the same
 * `client_request_id`, and the server answers the first answer again instead
 * of judging it anew. One row per attendee and key, written in the same
 * statement as the request it answered: the status code and the answer
 * (`{msg, data}`, exactly as sent). Only successes are kept; rows older than
 * a day are pruned (the maintenance job).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('song_request_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_request_id', 'text', (c) =>
      c.notNull().check(sql`char_length(client_request_id) between 8 and 64`),
    )
    .addColumn('status_code', 'smallint', (c) => c.notNull().check(sql`status_code in (200, 201)`))
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('song_request_keys_pkey', ['user_id', 'client_request_id'])
    .execute();
  // The prune finds the day-old keys without reading the others.
  await db.schema
    .createIndex('song_request_keys_created_at_idx')
    .on('song_request_keys')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('song_request_keys').execute();
}
