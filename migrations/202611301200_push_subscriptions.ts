import { sql, type Kysely } from 'kysely';

/**
 * Web Push (issue 29). `push_subscriptions`: a phone's push subscription for
 * one event, made under the guest's session; it goes with their attendance
 * (a leave deletes it), with the event, and when the push service says it
 * is gone. `push_notices`: the notices a subscription was sent, so each kind
 * reaches a phone once per song however often its job runs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('attendee_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    // The subscription's keys (p256dh, auth) as JSON, sealed with ENCRYPTION_KEY.
    .addColumn('keys_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      'push_subscriptions_attendance',
      ['event_id', 'attendee_id'],
      'event_attendees',
      ['event_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addUniqueConstraint('push_subscriptions_device', ['event_id', 'endpoint'])
    .execute();
  await db.schema
    .createIndex('push_subscriptions_attendee')
    .on('push_subscriptions')
    .columns(['event_id', 'attendee_id'])
    .execute();
  await db.schema
    .createTable('push_notices')
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('song_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('push_notices_pk', ['subscription_id', 'song_id', 'kind'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_notices').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
