import { loginData, MSG, ROLE } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFromOutbox,
  createMember,
  digits,
  endCooldown,
  outboxFor,
  post,
  signUp,
  uniqueEmail,
} from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('POST /api/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (payload: Record<string, unknown>) => post(t, '/api/auth/login', payload);

  it('answers the spec login data and sets the session cookie', async () => {
    const member = await createMember(t, { defaultLogin: 2, name: 'Hosty' });
    const res = await login({ email: member.email, password: member.password });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, msg: MSG.loggedIn });
    const data = loginData.parse(body.data);
    expect(data).toMatchObject({ id: member.id, role: ROLE.host, default_login: ROLE.host });
    expect(data.user).toMatchObject({
      id: member.id,
      name: 'Hosty',
      email: member.email,
      role: ROLE.host,
      is_guest: false,
      email_verified: true,
    });
    expect(JSON.stringify(body)).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'ff_session');
    expect(cookie?.value).toBe(data.access_token);
  });

  it('sets an HttpOnly, SameSite=Strict cookie that ends with the browser session unless remembered', async () => {
    const member = await createMember(t);
    const res = await login({ email: member.email, password: member.password });

    const cookie = res.cookies.find((c) => c.name === 'ff_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();
  });

  it('keeps the cookie and the session for 30 days with remember', async () => {
    const member = await createMember(t);
    const res = await login({ email: member.email, password: member.password, remember: true });

    const cookie = res.cookies.find((c) => c.name === 'ff_session');
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    const session = await t.ctx.db
      .selectFrom('sessions')
      .select(['expires_at', 'created_at'])
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const days = (session.expires_at.getTime() - session.created_at.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('reads remember sent as form text', async () => {
    const member = await createMember(t);
    const remembered = await login({
      email: member.email,
      password: member.password,
      remember: 'true',
    });
    const notRemembered = await login({
      email: member.email,
      password: member.password,
      remember: 'false',
    });

    expect(remembered.cookies.find((c) => c.name === 'ff_session')?.maxAge).toBe(30 * 24 * 3600);
    expect(notRemembered.cookies.find((c) => c.name === 'ff_session')?.maxAge).toBeUndefined();
  });

  it('keeps a session for one day without remember', async () => {
    const member = await createMember(t);
    await login({ email: member.email, password: member.password });

    const session = await t.ctx.db
      .selectFrom('sessions')
      .select(['expires_at', 'created_at'])
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const days = (session.expires_at.getTime() - session.created_at.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(1);
  });

  it('matches the email whatever its case', async () => {
    const member = await createMember(t);
    const res = await login({ email: member.email.toUpperCase(), password: member.password });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const member = await createMember(t);
    const wrongPassword = await login({ email: member.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: uniqueEmail('ghost'), password: 'not-the-password' });

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ status: false, msg: MSG.invalidCredentials });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('refuses an unverified account with 403 and mails a fresh code', async () => {
    const member = await createMember(t, { verified: false });
    const res = await login({ email: member.email, password: member.password });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: false,
      msg: MSG.emailNotVerified,
      data: { email: member.email, email_verification_required: true },
    });
    expect(res.cookies).toEqual([]);
    const code = await codeFromOutbox(t, member.email);
    const verified = await post(t, '/api/auth/verify-email', {
      email: member.email,
      ...digits(code),
    });
    expect(verified.statusCode).toBe(200);
    expect((await login({ email: member.email, password: member.password })).statusCode).toBe(200);
  });

  it('sends no new code to an unverified account within the resend cooldown', async () => {
    const member = await signUp(t);
    expect(await outboxFor(t, member.email)).toHaveLength(1);

    const res = await login({ email: member.email, password: member.password });
    expect(res.statusCode).toBe(403);
    expect(await outboxFor(t, member.email)).toHaveLength(1);

    await endCooldown(t, member.email, 'email_verification');
    await login({ email: member.email, password: member.password });
    expect(await outboxFor(t, member.email)).toHaveLength(2);
  });

  it('says nothing about verification to someone with the wrong password', async () => {
    const member = await createMember(t, { verified: false });
    const res = await login({ email: member.email, password: 'wrong-password' });

    expect(res.statusCode).toBe(401);
    expect(await outboxFor(t, member.email)).toHaveLength(0);
  });

  it('names missing fields', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toMatchObject({
      email: [MSG.fieldRequired],
      password: [MSG.fieldRequired],
    });
  });

  it('refuses a malformed email', async () => {
    const res = await login({ email: 'nope', password: 'whatever-it-is' });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.email).toEqual(['The email must be a valid email address.']);
  });
});

describe('the session cookie behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://floorfill.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is Secure when the public address is https', async () => {
    const member = await createMember(t);
    const res = await post(t, '/api/auth/login', {
      email: member.email,
      password: member.password,
    });

    expect(res.cookies.find((c) => c.name === 'ff_session')).toMatchObject({
      secure: true,
      httpOnly: true,
    });
  });
});
