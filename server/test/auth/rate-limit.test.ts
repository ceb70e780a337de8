import { MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altchaHeader, challengeOf, solveAltcha } from '../helpers/altcha.ts';
import { post, uniqueEmail } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const LIMIT = 3;
/** Guests get a budget of their own, larger than sign-in's: a venue shares one address. */
const GUEST_LIMIT = 2 * LIMIT;

describe('rate limits on the auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      GUEST_LOGIN_RATE_LIMIT_PER_MINUTE: String(GUEST_LIMIT),
      GUEST_LOGIN_BURST_PER_ADDRESS: '0',
      CHALLENGE_COST: '1',
      CHALLENGE_COUNTER: '8',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const tryLogin = (email: string) =>
    post(t, '/api/auth/login', { email, password: 'guessing-away' });

  it(`answers 429 in the envelope after ${LIMIT} login tries a minute`, async () => {
    const email = uniqueEmail('target');
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await tryLogin(email)).statusCode).toBe(401);
    }

    const res = await tryLogin(email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: false, msg: MSG.tooManyRequests });
    expect(res.json().data.retry_after_seconds).toBeGreaterThan(0);
  });

  it('counts per email, so one locked-out address does not block another from the same client', async () => {
    const locked = uniqueEmail('locked');
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) await tryLogin(locked);
    expect((await tryLogin(locked)).statusCode).toBe(429);

    expect((await tryLogin(uniqueEmail('other'))).statusCode).toBe(401);
  });

  it('treats the email case-insensitively when counting', async () => {
    const email = uniqueEmail('cased');
    for (let attempt = 0; attempt < LIMIT; attempt += 1) await tryLogin(email);
    expect((await tryLogin(email.toUpperCase())).statusCode).toBe(429);
  });

  it('counts malformed tries too', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await post(t, '/api/auth/signup', { email: 'bad-email' })).statusCode).toBe(422);
    }
    expect((await post(t, '/api/auth/signup', { email: 'bad-email' })).statusCode).toBe(429);
  });

  it('asks for a challenge past the guest logins of a client address, never a 429 (a room shares one address)', async () => {
    for (let attempt = 0; attempt < GUEST_LIMIT; attempt += 1) {
      expect((await post(t, '/api/v1/login-as-guest', {})).statusCode).toBe(200);
    }
    const asked = await post(t, '/api/v1/login-as-guest', {});
    expect(asked.statusCode).toBe(428);
    const solved = await solveAltcha(challengeOf(asked.json()));
    expect((await post(t, '/api/v1/login-as-guest', {}, altchaHeader(solved))).statusCode).toBe(
      200,
    );
  });

  it('keeps each route on its own budget', async () => {
    const email = uniqueEmail('budget');
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) await tryLogin(email);
    expect(
      (
        await post(t, '/api/auth/verify-email', {
          email,
          otp1: '1',
          otp2: '2',
          otp3: '3',
          otp4: '4',
          otp5: '5',
          otp6: '6',
        })
      ).statusCode,
    ).toBe(422);
  });
});
