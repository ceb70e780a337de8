import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../infra/db.ts';

/**
 * All SQL of the housekeeping job. Each call deletes at most `limit` rows in
 * one short statement of its own (no surrounding transaction), so it never
 * holds many locks for long; rows a live request holds are skipped and taken
 * on a later run. Cut-offs are computed by the database (`now()`), never by
 * this process's clock.
 */

const endedBefore = (graceSeconds: number) =>
  sql<Date>`now() - make_interval(secs => ${graceSeconds})`;

/** Sessions that expired or were revoked more than `graceSeconds` ago. */
export async function deleteEndedSessions(
  db: Db,
  graceSeconds: number,
  limit: number,
): Promise<number> {
  const cutoff = endedBefore(graceSeconds);
  const result = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where((w) => w.or([w('expires_at', '<', cutoff), w('revoked_at', '<', cutoff)]))
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Email verification and reset codes that expired more than `graceSeconds` ago (used or not). */
export async function deleteExpiredAuthCodes(
  db: Db,
  graceSeconds: number,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('auth_codes')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('auth_codes')
        .select('id')
        .where('expires_at', '<', endedBefore(graceSeconds))
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Resend cooldown rows last touched more than `graceSeconds` ago. The caller
 * adds the longest cooldown to the grace, so a running cooldown is never lost.
 */
export async function deleteStaleCodeRequests(
  db: Db,
  graceSeconds: number,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('code_requests')
    .where((eb) =>
      eb(
        eb.refTuple('email', 'purpose'),
        'in',
        eb
          .selectFrom('code_requests')
          .select(['email', 'purpose'])
          .where('last_sent_at', '<', endedBefore(graceSeconds))
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .$asTuple('email', 'purpose'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Song requests' idempotency keys kept more than `ageSeconds`: a phone that
 * still retries one after that is judged anew (CLIENT_REQUEST_ID_TTL_SECONDS).
 */
export async function deleteStaleRequestKeys(
  db: Db,
  ageSeconds: number,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('song_request_keys')
    .where((eb) =>
      eb(
        eb.refTuple('user_id', 'client_request_id'),
        'in',
        eb
          .selectFrom('song_request_keys')
          .select(['user_id', 'client_request_id'])
          .where('created_at', '<', endedBefore(ageSeconds))
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .$asTuple('user_id', 'client_request_id'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Guest accounts nobody has used for `days`: made before the cut-off, with no
 * session still open and none started since, and no song request since.
 * A guest whose phone still holds a live session is never among them.
 */
export async function listInactiveGuests(db: Db, days: number, limit: number): Promise<number[]> {
  const cutoff = sql<Date>`now() - make_interval(days => ${days})`;
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.is_guest', '=', true)
    .where('users.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom, or }) =>
      not(
        or([
          exists(
            selectFrom('sessions')
              .select('sessions.id')
              .whereRef('sessions.user_id', '=', 'users.id')
              .where((w) =>
                w.or([
                  w('sessions.created_at', '>=', cutoff),
                  w.and([
                    w('sessions.revoked_at', 'is', null),
                    w('sessions.expires_at', '>', sql<Date>`now()`),
                  ]),
                ]),
              ),
          ),
          exists(
            selectFrom('song_requests')
              .select('song_requests.id')
              .whereRef('song_requests.attendee_id', '=', 'users.id')
              .where('song_requests.created_at', '>=', cutoff),
          ),
        ]),
      ),
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes a guest account (its sessions, ratings and the like go with it by cascade). */
export async function deleteGuestAccount(trx: DbOrTrx, userId: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).where('is_guest', '=', true).execute();
}
