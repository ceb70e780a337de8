import { MSG } from '@floorfill/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/errors.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { createSessionResolver, type SessionResolver } from './session-resolver.ts';
import type { RequestSession } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Token → session, remembered per node and forgotten on every node when a session ends. */
    sessions: SessionResolver;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The token of an `Authorization: Bearer` header, if one was sent. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/** The Authorization Bearer token when the header is sent (API clients), else the session cookie (web app). */
function tokenFrom(request: FastifyRequest): string | undefined {
  if (request.headers.authorization) return bearerTokenOf(request);
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** Whether the request names a session at all (an Authorization header or the cookie), valid or not. */
export function carriesCredential(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization || request.cookies[SESSION_COOKIE]);
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const sessions = createSessionResolver({
    db: app.ctx.db,
    config: app.ctx.config,
    logger: app.log,
  });
  app.decorate('sessions', sessions);
  app.addHook('onClose', () => sessions.close());
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    request.session = await sessions.resolve(tokenFrom(request));
  });
}

/** Resolves `request.session` on every request of the app; routes then use the guards below. */
export default fp(authPlugin, { name: 'auth', fastify: '5.x', dependencies: ['@fastify/cookie'] });

/** The caller's session, or 401. */
export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthorized(MSG.unauthenticated);
  return request.session;
}

/**
 * An `onRequest` guard for members-only routes: a guest is refused (403
 * "Please register first!") before the body, or an upload, is even read.
 */
export async function membersOnly(request: FastifyRequest): Promise<void> {
  requireMember(request);
}

/** An `onRequest` guard for routes any signed-in caller (guests too) may use: 401 otherwise. */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireSession(request);
}

/** A registered member's session: 401 without one, 403 "Please register first!" for guests (spec §6). */
export function requireMember(request: FastifyRequest): RequestSession {
  const session = requireSession(request);
  if (session.isGuest) throw forbidden(MSG.pleaseRegister);
  return session;
}
