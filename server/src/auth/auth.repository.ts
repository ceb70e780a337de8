import { GUEST_DEFAULT_NAME, ROLE } from '@floorfill/shared';
import { sql } from 'kysely';
import type { CodePurpose } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';

/** All SQL of accounts, codes, code requests and sessions. */

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

// ---- users -----------------------------------------------------------------

const accountColumns = [
  'id',
  'name',
  'display_name',
  'email',
  'email_verified_at',
  'password_hash',
  'is_guest',
  'phone',
  'default_login',
  'profile_image_path',
  'cover_photo_path',
] as const;

export async function findAccountByEmail(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .select(accountColumns)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function findAccountById(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select(accountColumns).where('id', '=', userId).executeTakeFirst();
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

export interface NewMember {
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string;
}

/** The new account, or null when the email is taken (also when a concurrent signup won the race). */
export async function insertMember(trx: DbOrTrx, member: NewMember): Promise<AccountRow | null> {
  try {
    return await trx
      .insertInto('users')
      .values({
        name: member.name,
        email: member.email,
        phone: member.phone,
        password_hash: member.passwordHash,
        // People register to run events; attendees mostly arrive by QR. Either can switch later.
        default_login: ROLE.host,
      })
      .returning(accountColumns)
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function insertGuest(trx: DbOrTrx, name = GUEST_DEFAULT_NAME): Promise<AccountRow> {
  return trx
    .insertInto('users')
    .values({ name, is_guest: true, default_login: ROLE.attendee })
    .returning(accountColumns)
    .executeTakeFirstOrThrow();
}

export async function markEmailVerified(trx: DbOrTrx, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function updatePasswordHash(
  trx: DbOrTrx,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Removes a guest and, through the foreign keys' cascades, everything it made.
 * The logout route takes its song requests out first, so the events' rooms hear of it.
 */
export async function deleteGuest(trx: DbOrTrx, userId: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).where('is_guest', '=', true).execute();
}

// ---- one-time codes ------------------------------------------------------

/** A new code makes the earlier unused ones of its kind worthless. */
export async function consumeOpenCodes(
  trx: DbOrTrx,
  userId: number,
  purpose: CodePurpose,
): Promise<void> {
  await trx
    .updateTable('auth_codes')
    .set({ consumed_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertCode(
  trx: DbOrTrx,
  code: { userId: number; purpose: CodePurpose; codeHash: string; ttlSeconds: number },
): Promise<void> {
  await trx
    .insertInto('auth_codes')
    .values({
      user_id: code.userId,
      purpose: code.purpose,
      code_hash: code.codeHash,
      expires_at: secondsFromNow(code.ttlSeconds),
    })
    .execute();
}

/**
 * The newest code that can still be used, locked until the transaction ends
 * so two concurrent tries cannot both spend it or both miss counting.
 */
export async function findUsableCodeForUpdate(
  trx: DbOrTrx,
  userId: number,
  purpose: CodePurpose,
  maxAttempts: number,
) {
  return trx
    .selectFrom('auth_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', maxAttempts)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** Wrong tries at this account's codes of this kind made in the last 24 hours. */
export async function wrongAttemptsToday(
  trx: DbOrTrx,
  userId: number,
  purpose: CodePurpose,
): Promise<number> {
  const row = await trx
    .selectFrom('auth_codes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('attempts'), sql<string>`0`).as('wrong'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirst();
  return Number(row?.wrong ?? 0);
}

export async function recordWrongAttempt(trx: DbOrTrx, codeId: number): Promise<void> {
  await trx
    .updateTable('auth_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .execute();
}

export async function consumeCode(trx: DbOrTrx, codeId: number): Promise<void> {
  await trx
    .updateTable('auth_codes')
    .set({ consumed_at: sql`now()` })
    .where('id', '=', codeId)
    .execute();
}

// ---- code request throttling -----------------------------------------------

/** Note that a code of this kind was just sent to this email (starts its cooldown). */
export async function recordCodeRequest(
  trx: DbOrTrx,
  email: string,
  purpose: CodePurpose,
): Promise<void> {
  await trx
    .insertInto('code_requests')
    .values({ email, purpose, last_sent_at: sql`now()` })
    .onConflict((oc) => oc.columns(['email', 'purpose']).doUpdateSet({ last_sent_at: sql`now()` }))
    .execute();
}

/**
 * Start a new cooldown if the last one has run out; false while it runs.
 * One statement, so concurrent requests cannot both pass.
 */
export async function claimCodeRequest(
  trx: DbOrTrx,
  email: string,
  purpose: CodePurpose,
  cooldownSeconds: number,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('code_requests')
    .values({ email, purpose, last_sent_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .columns(['email', 'purpose'])
        .doUpdateSet({ last_sent_at: sql`now()` })
        .where(
          'code_requests.last_sent_at',
          '<=',
          sql<Date>`now() - make_interval(secs => ${cooldownSeconds})`,
        ),
    )
    .returning('email')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Whole seconds left in the cooldown (at least 1 while it runs, 0 when none runs). */
export async function secondsUntilNextCodeRequest(
  db: DbOrTrx,
  email: string,
  purpose: CodePurpose,
  cooldownSeconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('code_requests')
    .select(
      sql<string>`ceil(extract(epoch from (last_sent_at + make_interval(secs => ${cooldownSeconds}) - now())))`.as(
        'seconds_left',
      ),
    )
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row ? Math.max(0, Number(row.seconds_left)) : 0;
}

// ---- sessions --------------------------------------------------------------

export async function insertSession(
  trx: DbOrTrx,
  session: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('sessions')
    .values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt })
    .execute();
}

/** The session if it is unrevoked, unexpired, belongs to this user and the user still exists. */
export async function findActiveSession(db: DbOrTrx, sessionId: string, userId: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'users.id as user_id',
      'users.is_guest',
      'sessions.expires_at',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function revokeSession(trx: DbOrTrx, sessionId: string): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(trx: DbOrTrx, userId: number): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
