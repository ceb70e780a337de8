import { CODE_MAX_ATTEMPTS, MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFromOutbox,
  digits,
  endCooldown,
  expireCodes,
  post,
  signUp,
  uniqueEmail,
  wrongCode,
} from '../helpers/factories.ts';
import { SESSION_COOKIE } from '../../src/auth/session-cookie.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('POST /api/auth/verify-email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const verify = (email: string, code: string) =>
    post(t, '/api/auth/verify-email', { email, ...digits(code) });
  const codeRefused = {
    status: false,
    data: { otp: [MSG.codeInvalid] },
    errors: { otp: [MSG.codeInvalid] },
  };
  const isVerified = async (userId: number) => {
    const user = await t.ctx.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return user.email_verified_at !== null;
  };

  it('verifies the email with the mailed code', async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);

    const res = await verify(member.email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: MSG.emailVerified, data: null });
    expect(await isVerified(member.id)).toBe(true);

    // Verified is signed in: the cookie it set names the new account's session.
    const cookie = res.cookies.find((set) => set.name === SESSION_COOKIE);
    expect(cookie?.value).toBeTruthy();
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { [SESSION_COOKIE]: cookie?.value ?? '' },
    });
    expect(session.json().data.user.email).toBe(member.email);
  });

  it('signs nobody in with a wrong code', async () => {
    const member = await signUp(t);
    const res = await verify(member.email, wrongCode(await codeFromOutbox(t, member.email)));
    expect(res.statusCode).toBe(422);
    expect(res.cookies.some((set) => set.name === SESSION_COOKIE)).toBe(false);
  });

  it('accepts the email in any case and digits sent as numbers', async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);
    const boxes = Object.fromEntries(
      Object.entries(digits(code)).map(([box, digit]) => [box, Number(digit)]),
    );

    const res = await post(t, '/api/auth/verify-email', {
      email: member.email.toUpperCase(),
      ...boxes,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong code', async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);

    const res = await verify(member.email, wrongCode(code));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject(codeRefused);
    expect(await isVerified(member.id)).toBe(false);
  });

  it('refuses an expired code', async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);
    await expireCodes(t, member.id, 'email_verification');

    const res = await verify(member.email, code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject(codeRefused);
    expect(await isVerified(member.id)).toBe(false);
  });

  it('refuses a code used once already', async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);
    expect((await verify(member.email, code)).statusCode).toBe(200);

    const again = await verify(member.email, code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject(codeRefused);
  });

  it(`kills a code after ${CODE_MAX_ATTEMPTS} wrong tries, even for the right digits after`, async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);
    for (let attempt = 0; attempt < CODE_MAX_ATTEMPTS; attempt += 1) {
      expect((await verify(member.email, wrongCode(code))).statusCode).toBe(422);
    }
    const stored = await t.ctx.db
      .selectFrom('auth_codes')
      .select('attempts')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored.attempts).toBe(CODE_MAX_ATTEMPTS);

    const res = await verify(member.email, code);
    expect(res.statusCode).toBe(422);
    expect(await isVerified(member.id)).toBe(false);
  });

  it('counts wrong tries fewer than the limit without killing the code', async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);
    for (let attempt = 0; attempt < CODE_MAX_ATTEMPTS - 1; attempt += 1) {
      await verify(member.email, wrongCode(code));
    }
    expect((await verify(member.email, code)).statusCode).toBe(200);
  });

  it('makes the older code worthless once a new one was sent', async () => {
    const member = await signUp(t);
    await endCooldown(t, member.email, 'email_verification');
    await post(t, '/api/v1/resend-otp', {
      email: member.email,
      verification_type: 'email_verification',
    });
    const newestCode = await codeFromOutbox(t, member.email);

    const codes = await t.ctx.db
      .selectFrom('auth_codes')
      .select('consumed_at')
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(codes.map((code) => code.consumed_at !== null)).toEqual([true, false]);
    expect((await verify(member.email, newestCode)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a wrong code', async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);
    const wrong = await verify(member.email, wrongCode(code));
    const unknown = await verify(uniqueEmail('nobody'), code);

    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers an already verified account like a wrong code when no code is pending', async () => {
    const member = await signUp(t);
    const code = await codeFromOutbox(t, member.email);
    await verify(member.email, code);

    const res = await verify(member.email, wrongCode(code));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject(codeRefused);
  });

  it('names every missing field', async () => {
    const res = await post(t, '/api/auth/verify-email', {});
    expect(res.statusCode).toBe(422);
    const data = res.json().data;
    for (const field of ['email', 'otp1', 'otp2', 'otp3', 'otp4', 'otp5', 'otp6']) {
      expect(data[field]).toEqual([MSG.fieldRequired]);
    }
  });

  it('refuses a box that is not one digit', async () => {
    const res = await post(t, '/api/auth/verify-email', {
      email: uniqueEmail(),
      ...digits('12345'),
      otp6: 'x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.otp6).toEqual(['Each box takes one digit.']);
  });

  it('refuses a malformed email', async () => {
    const res = await post(t, '/api/auth/verify-email', { email: 'nope', ...digits('123456') });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.email).toEqual(['The email must be a valid email address.']);
  });
});
