import { randomUUID } from 'node:crypto';
import { insertSession } from '../../src/auth/auth.repository.ts';
import { createSessionTokens, SESSION_TTL_SECONDS } from '../../src/auth/tokens.ts';
import type { SignedIn } from './event-factories.ts';
import { bearer, createMember } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * A member with a real session token, issued the way login issues one but
 * without checking a password (argon2 is slow on purpose): for tests that
 * need many signed-in users at once. Requests still go through the real
 * session resolution.
 */
export async function signInDirectly(
  t: TestApp,
  overrides: { name?: string; defaultLogin?: 2 | 3 } = {},
): Promise<SignedIn> {
  const member = await createMember(t, { defaultLogin: 3, ...overrides });
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS.standard * 1000);
  await insertSession(t.ctx.db, { id: sessionId, userId: member.id, expiresAt });
  const token = await createSessionTokens(t.config).sign(
    { sessionId, userId: member.id },
    expiresAt,
  );
  return { id: member.id, headers: bearer(token) };
}
