import { randomBytes, randomUUID } from 'node:crypto';
import { MSG, ROLE, sessionData } from '@floorfill/shared';
import type { FastifyRequest } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireMember, requireSession } from '../../src/auth/auth.plugin.ts';
import {
  bearer,
  createMember,
  getSession,
  logIn,
  post,
  type TestMember,
} from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('sessions: GET /api/auth/session, POST /api/auth/logout and the token rules', () => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t, { defaultLogin: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  const unauthenticated = { status: false, msg: MSG.unauthenticated };

  /** A token for a real session row, signed however the test wants. */
  async function forgeToken(
    options: { issuer?: string; secret?: string; expiresAt?: Date; alg?: string } = {},
  ) {
    const sessionId = randomUUID();
    await t.ctx.db
      .insertInto('sessions')
      .values({ id: sessionId, user_id: member.id, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    return new SignJWT()
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setIssuer(options.issuer ?? `${t.config.publicUrl}/api/auth/login`)
      .setSubject(String(member.id))
      .setJti(sessionId)
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? new Date(Date.now() + 3_600_000))
      .sign(new TextEncoder().encode(options.secret ?? t.config.jwtSecret));
  }

  it('answers a request that names no session with null, not a 401 (a first visit asks too)', async () => {
    const res = await getSession(t, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: null });
  });

  it('tells who the Bearer token belongs to', async () => {
    const { token } = await logIn(t, member);
    const res = await getSession(t, bearer(token));

    expect(res.statusCode).toBe(200);
    const data = sessionData.parse(res.json().data);
    expect(data.role).toBe(ROLE.host);
    expect(data.user).toMatchObject({ id: member.id, email: member.email, is_guest: false });
  });

  it('works with the session cookie as well as with the Bearer header', async () => {
    const { cookie } = await logIn(t, member);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { ff_session: cookie },
    });

    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(member.id);
  });

  it('lets the Authorization header win over the cookie', async () => {
    const { cookie } = await logIn(t, member);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: bearer('not-a-token'),
      cookies: { ff_session: cookie },
    });
    expect(res.statusCode).toBe(401);
  });

  it('revokes the token on logout and clears the cookie', async () => {
    const { token } = await logIn(t, member);
    const res = await post(t, '/api/auth/logout', {}, bearer(token));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: MSG.loggedOut, data: null });
    const cleared = res.cookies.find((c) => c.name === 'ff_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await getSession(t, bearer(token))).statusCode).toBe(401);
  });

  it('ends only the session that logs out', async () => {
    const first = await logIn(t, member);
    const second = await logIn(t, member);
    await post(t, '/api/auth/logout', {}, bearer(first.token));

    expect((await getSession(t, bearer(first.token))).statusCode).toBe(401);
    expect((await getSession(t, bearer(second.token))).statusCode).toBe(200);
  });

  it('answers logout without a session with 200 and still clears the cookie', async () => {
    const res = await post(t, '/api/auth/logout', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, msg: MSG.loggedOut });
    expect(res.cookies.find((c) => c.name === 'ff_session')?.value).toBe('');
  });

  it('answers a second logout with the same token with 200', async () => {
    const { token } = await logIn(t, member);
    await post(t, '/api/auth/logout', {}, bearer(token));
    expect((await post(t, '/api/auth/logout', {}, bearer(token))).statusCode).toBe(200);
  });

  it('accepts a token whose issuer is the signup endpoint (spec §9)', async () => {
    const token = await forgeToken({ issuer: `${t.config.publicUrl}/api/auth/signup` });
    expect((await getSession(t, bearer(token))).statusCode).toBe(200);
  });

  it('refuses a token with the right key but a foreign issuer', async () => {
    const token = await forgeToken({ issuer: 'https://elsewhere.example/api/auth/login' });
    const res = await getSession(t, bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticated);
  });

  it('refuses a token signed with another key', async () => {
    const token = await forgeToken({ secret: randomBytes(32).toString('hex') });
    expect((await getSession(t, bearer(token))).statusCode).toBe(401);
  });

  it('refuses a token signed with our key under another algorithm', async () => {
    const token = await forgeToken({ alg: 'HS512' });
    expect((await getSession(t, bearer(token))).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await forgeToken({ expiresAt: new Date(Date.now() - 60_000) });
    expect((await getSession(t, bearer(token))).statusCode).toBe(401);
  });

  it('refuses a token whose session row has expired', async () => {
    const { token } = await logIn(t, member);
    const valid = await forgeToken();
    expect((await getSession(t, bearer(valid))).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', member.id)
      .execute();
    // Ended by hand in the database, which the node's memory of the tokens cannot see (it
    // would ask again after SESSION_CACHE_TTL_MS): forget them as a revocation does.
    t.app.sessions.forgetUser(member.id);

    expect((await getSession(t, bearer(token))).statusCode).toBe(401);
    expect((await getSession(t, bearer(valid))).statusCode).toBe(401);
  });

  it('refuses an unsigned token', async () => {
    const token = new UnsecuredJWT({ jti: randomUUID() })
      .setIssuer(`${t.config.publicUrl}/api/auth/login`)
      .setSubject(String(member.id))
      .setExpirationTime('1h')
      .encode();
    expect((await getSession(t, bearer(token))).statusCode).toBe(401);
  });

  it('refuses garbage in the Authorization header and the cookie', async () => {
    expect((await getSession(t, bearer('abc.def.ghi'))).statusCode).toBe(401);
    expect((await getSession(t, { authorization: 'Basic dXNlcjpwYXNz' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { ff_session: 'junk' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses the token of a user who no longer exists', async () => {
    const doomed = await createMember(t);
    const { token } = await logIn(t, doomed);
    await t.ctx.db.deleteFrom('users').where('id', '=', doomed.id).execute();
    expect((await getSession(t, bearer(token))).statusCode).toBe(401);
  });
});

describe('guards for later routes', () => {
  const asRequest = (session: FastifyRequest['session']) => ({ session }) as FastifyRequest;
  const memberSession = { sessionId: randomUUID(), userId: 1, isGuest: false };
  const guestSession = { sessionId: randomUUID(), userId: 2, isGuest: true };

  it('requireSession returns the session or answers 401', () => {
    expect(requireSession(asRequest(memberSession))).toBe(memberSession);
    expect(() => requireSession(asRequest(null))).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
  });

  it('requireMember lets members through, asks guests to register, and answers 401 without a session', () => {
    expect(requireMember(asRequest(memberSession))).toBe(memberSession);
    expect(() => requireMember(asRequest(guestSession))).toThrow(
      expect.objectContaining({ statusCode: 403, message: MSG.pleaseRegister }),
    );
    expect(() => requireMember(asRequest(null))).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
  });
});
