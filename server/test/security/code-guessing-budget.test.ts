import { CODE_DAILY_WRONG_ATTEMPTS, CODE_MAX_ATTEMPTS, MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromOutbox, createMember, digits, post, wrongCode } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Emailed codes (password reset, email check) are 6 digits: each code dies
 * after CODE_MAX_ATTEMPTS wrong tries, and an account's codes of one kind take
 * at most CODE_DAILY_WRONG_ATTEMPTS wrong tries a day however many codes are
 * asked for — a day of guessing wins with chance ≤ 50 in a million.
 */
describe('guessing emailed codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const NEW_PASSWORD = 'another-horse-battery';
  const verifyOtp = (email: string, code: string) =>
    post(t, '/api/auth/verifyOtp', {
      email,
      ...digits(code),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });

  it('keeps the chance of a day of guessing under 1 in 10,000', () => {
    expect(CODE_MAX_ATTEMPTS).toBeLessThanOrEqual(3);
    expect(CODE_DAILY_WRONG_ATTEMPTS / 10 ** 6).toBeLessThan(1 / 10_000);
  });

  it('refuses even the right code once the account’s wrong tries for the day are used up', async () => {
    const member = await createMember(t);
    expect((await post(t, '/api/auth/sendOtp', { email: member.email })).statusCode).toBe(200);
    const code = await codeFromOutbox(t, member.email);
    // A day of guessing on earlier codes, each code dead after its tries.
    const deadCodes = Math.ceil(CODE_DAILY_WRONG_ATTEMPTS / CODE_MAX_ATTEMPTS);
    await t.ctx.db
      .insertInto('auth_codes')
      .values(
        Array.from({ length: deadCodes }, () => ({
          user_id: member.id,
          purpose: 'password_reset' as const,
          code_hash: 'guessed-at',
          attempts: CODE_MAX_ATTEMPTS,
          expires_at: new Date(Date.now() + 600_000),
        })),
      )
      .execute();

    const wrong = await verifyOtp(member.email, wrongCode(code));
    expect(wrong.statusCode).toBe(429);
    const right = await verifyOtp(member.email, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().msg).toBe(MSG.codeTriesUsedUp);
    // Nothing changed: the password is still the old one.
    const login = await post(t, '/api/auth/login', {
      email: member.email,
      password: member.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('still takes the right code after a few wrong tries on the same day', async () => {
    const member = await createMember(t);
    expect((await post(t, '/api/auth/sendOtp', { email: member.email })).statusCode).toBe(200);
    const code = await codeFromOutbox(t, member.email);
    expect((await verifyOtp(member.email, wrongCode(code))).statusCode).toBe(422);
    expect((await verifyOtp(member.email, code)).statusCode).toBe(200);
  });
});
