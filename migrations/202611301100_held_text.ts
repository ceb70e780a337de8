import type { Kysely } from 'kysely';

/**
 * Guests' words the room should not see unasked (issue 29).
 * `queue_entries.held`: the song's title, artist or album holds a word the
 * text screen finds; the big screen and other guests see a neutral form
 * until the host allows it. `event_attendees.name_allowed`: the host let the
 * big screen show this guest's name although the screen holds it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('queue_entries')
    .addColumn('held', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('event_attendees')
    .addColumn('name_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('event_attendees').dropColumn('name_allowed').execute();
  await db.schema.alterTable('queue_entries').dropColumn('held').execute();
}
