import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the housekeeping job (server/src/maintenance): each of its
 * batches finds rows a day past their end, which without these scans the
 * whole table — and sessions grow by one per guest at every event.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  await db.schema
    .createIndex('sessions_revoked_at')
    .on('sessions')
    .column('revoked_at')
    .where(sql.ref('revoked_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('auth_codes_expires_at')
    .on('auth_codes')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('code_requests_last_sent_at')
    .on('code_requests')
    .column('last_sent_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'code_requests_last_sent_at',
    'auth_codes_expires_at',
    'sessions_revoked_at',
    'sessions_expires_at',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
