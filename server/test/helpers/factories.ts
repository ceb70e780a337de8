import { randomBytes } from 'node:crypto';
import { splitCode, type CodeDigits } from '@floorfill/shared';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { hashPassword } from '../../src/auth/passwords.ts';
import type { CodePurpose } from '../../src/infra/database-types.ts';
import type { TestApp } from './test-app.ts';

/** Small builders for account tests: real rows, real routes, real outbox. */

export const TEST_PASSWORD = 'correct-horse-battery';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export interface TestMember {
  id: number;
  email: string;
  password: string;
}

// argon2 is slow on purpose; tests reuse one hash per password.
const passwordHashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** A member inserted straight into the database (verified unless told otherwise). */
export async function createMember(
  t: TestApp,
  overrides: {
    email?: string;
    password?: string;
    verified?: boolean;
    name?: string;
    defaultLogin?: 2 | 3;
  } = {},
): Promise<TestMember> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? TEST_PASSWORD;
  const row = await t.ctx.db
    .insertInto('users')
    .values({
      name: overrides.name ?? 'Test Member',
      email,
      password_hash: await cachedHash(password),
      email_verified_at: overrides.verified === false ? null : new Date(),
      default_login: overrides.defaultLogin ?? 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

export const createVerifiedUser = (
  t: TestApp,
  overrides: { email?: string; password?: string } = {},
) => createMember(t, { ...overrides, verified: true });

export function signupPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Dana DJ',
    email: uniqueEmail('signup'),
    phone: '+14155552671',
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
    ...overrides,
  };
}

export function post(
  t: TestApp,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export async function signUp(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<TestMember> {
  const payload = signupPayload(overrides);
  const res = await post(t, '/api/auth/signup', payload);
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  // The verification mail has gone out, as it has before a person acts on it: with BullMQ a
  // mail queued by the test's next call could otherwise be delivered first and pass for the newest.
  await t.ctx.queue.idle();
  const user = await t.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', String(payload.email).toLowerCase())
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    email: String(payload.email).toLowerCase(),
    password: String(payload.password),
  };
}

/** Mail kept by the dev outbox for this address, newest first, once queued mail has gone out. */
export async function outboxFor(t: TestApp, email: string) {
  await t.ctx.queue.idle();
  return t.ctx.db
    .selectFrom('dev_outbox')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['to']), '=', email.toLowerCase()))
    .orderBy('id', 'desc')
    .execute();
}

/** The 6-digit code of the newest mail to this address. */
export async function codeFromOutbox(t: TestApp, email: string): Promise<string> {
  const [newest] = await outboxFor(t, email);
  const code = newest?.text.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Six boxes holding the code, as the verification screens send them. */
export function digits(code: string): CodeDigits {
  return splitCode(code);
}

/** A code that differs from the given one in every digit. */
export function wrongCode(code: string): string {
  return code
    .split('')
    .map((digit) => String((Number(digit) + 1) % 10))
    .join('');
}

/** Ages every code of this kind for the user past its expiry. */
export async function expireCodes(t: TestApp, userId: number, purpose: CodePurpose): Promise<void> {
  await t.ctx.db
    .updateTable('auth_codes')
    .set({ expires_at: sql`now() - interval '1 second'` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

/** Ends the resend cooldown for this email and kind without waiting for it. */
export async function endCooldown(t: TestApp, email: string, purpose: CodePurpose): Promise<void> {
  await t.ctx.db
    .updateTable('code_requests')
    .set({ last_sent_at: sql`now() - interval '1 hour'` })
    .where('email', '=', email.toLowerCase())
    .where('purpose', '=', purpose)
    .execute();
}

export interface LoggedIn {
  token: string;
  cookie: string;
  res: LightMyRequestResponse;
}

export async function logIn(
  t: TestApp,
  member: TestMember,
  extra: Record<string, unknown> = {},
): Promise<LoggedIn> {
  const res = await post(t, '/api/auth/login', {
    email: member.email,
    password: member.password,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { token: res.json().data.access_token, cookie: sessionCookieOf(res), res };
}

/** The value of the ff_session cookie a response set. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'ff_session');
  if (!cookie) throw new Error('no session cookie set');
  return cookie.value;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function getSession(t: TestApp, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
}
