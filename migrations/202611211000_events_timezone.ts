import { sql, type Kysely } from 'kysely';

/**
 * The venue's IANA time zone: formatted times and the card's month/day badge
 * are shown in it, whatever zone the viewer's device is in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo(sql`'UTC'`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('timezone').execute();
}
