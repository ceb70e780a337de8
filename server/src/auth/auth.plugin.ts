import { MSG } from '@floorfill/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { findActiveSession } from './auth.repository.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import type { RequestSession } from './session.ts';
import { createSessionTokens, type SessionTokens } from './tokens.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

/** The Authorization Bearer token when the header is sent (API clients), else the session cookie (web app). */
function tokenFrom(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization) return BEARER.exec(authorization)?.[1];
  return request.cookies[SESSION_COOKIE] || undefined;
}

/**
 * The session a token stands for: valid signature, accepted issuer, time
 * left, and a sessions row that is neither revoked nor expired and whose user
 * still exists. Anything less is no session at all.
 */
export async function resolveSession(
  db: DbOrTrx,
  tokens: SessionTokens,
  token: string | undefined,
): Promise<RequestSession | null> {
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const row = await findActiveSession(db, claims.sessionId, claims.userId);
  if (!row) return null;
  return { sessionId: row.session_id, userId: row.user_id, isGuest: row.is_guest };
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const tokens = createSessionTokens(app.ctx.config);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    request.session = await resolveSession(app.ctx.db, tokens, tokenFrom(request));
  });
}

/** Resolves `request.session` on every request of the app; routes then use the guards below. */
export default fp(authPlugin, { name: 'auth', fastify: '5.x', dependencies: ['@fastify/cookie'] });

/** The caller's session, or 401. */
export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthorized(MSG.unauthenticated);
  return request.session;
}

/** A registered member's session: 401 without one, 403 "Please register first!" for guests (spec §6). */
export function requireMember(request: FastifyRequest): RequestSession {
  const session = requireSession(request);
  if (session.isGuest) throw forbidden(MSG.pleaseRegister);
  return session;
}
