import { MSG, ROLE } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFromOutbox,
  outboxFor,
  post,
  signupPayload,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('POST /api/auth/signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signup = (payload: Record<string, unknown>) => post(t, '/api/auth/signup', payload);

  it('creates an unverified member with an argon2id hash and answers 201 with the email', async () => {
    const payload = signupPayload({ email: '  New.Member@Example.COM ' });
    const res = await signup(payload);

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      status: true,
      msg: MSG.signupDone,
      data: { email: 'new.member@example.com' },
    });
    const user = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new.member@example.com')
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    expect(user.is_guest).toBe(false);
    expect(user.name).toBe('Dana DJ');
    expect(user.phone).toBe('+14155552671');
    // New accounts open the host dashboard first; they can switch or change it in settings.
    expect(user.default_login).toBe(ROLE.host);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(TEST_PASSWORD);
  });

  it('mails a 6-digit verification code that is stored only as a hash', async () => {
    const email = uniqueEmail();
    await signup(signupPayload({ email }));

    const [mail] = await outboxFor(t, email);
    expect(mail?.subject).toBe('Verify your email for Floorfill');
    expect(mail?.text).toContain('10 minutes');
    expect(mail?.text).toContain("If this wasn't you");
    const code = await codeFromOutbox(t, email);
    const codes = await t.ctx.db
      .selectFrom('auth_codes')
      .innerJoin('users', 'users.id', 'auth_codes.user_id')
      .select(['auth_codes.code_hash', 'auth_codes.purpose', 'auth_codes.expires_at'])
      .where('users.email', '=', email)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]?.purpose).toBe('email_verification');
    expect(codes[0]?.code_hash).not.toContain(code);
    expect(codes[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('starts the resend cooldown at signup', async () => {
    const email = uniqueEmail();
    await signup(signupPayload({ email }));

    const res = await post(t, '/api/v1/resend-otp', {
      email,
      verification_type: 'email_verification',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().data.retry_after_seconds).toBeGreaterThan(100);
    expect(res.json().data.retry_after_seconds).toBeLessThanOrEqual(120);
  });

  it('accepts a signup without a phone', async () => {
    const res = await signup(signupPayload({ phone: undefined }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses an email that is taken, whatever its case', async () => {
    const email = uniqueEmail();
    await signup(signupPayload({ email }));

    const res = await signup(signupPayload({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: false,
      data: { email: [MSG.emailTaken] },
      errors: { email: [MSG.emailTaken] },
    });
  });

  it('lets exactly one of two concurrent signups with the same email win', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      signup(signupPayload({ email })),
      signup(signupPayload({ email })),
    ]);

    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 422]);
    const loser = results.find((res) => res.statusCode === 422);
    expect(loser?.json().data).toEqual({ email: [MSG.emailTaken] });
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('names every missing field', async () => {
    const res = await signup({});
    expect(res.statusCode).toBe(422);
    const data = res.json().data;
    for (const field of ['name', 'email', 'password', 'password_confirmation']) {
      expect(data[field]).toEqual([MSG.fieldRequired]);
    }
    expect(data.phone).toBeUndefined();
  });

  it('refuses a malformed email', async () => {
    const res = await signup(signupPayload({ email: 'not-an-email' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().data.email).toEqual(['The email must be a valid email address.']);
  });

  it('refuses a short password', async () => {
    const res = await signup(signupPayload({ password: 'short', password_confirmation: 'short' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().data.password).toEqual(['The password must be at least 8 characters.']);
  });

  it('refuses a confirmation that does not match', async () => {
    const res = await signup(signupPayload({ password_confirmation: 'something-else' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().data.password_confirmation).toEqual([MSG.passwordsDiffer]);
  });

  it('refuses an invalid phone number', async () => {
    const res = await signup(signupPayload({ phone: '+1' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().data.phone).toEqual([MSG.phoneInvalid]);
  });

  it('creates nothing when validation fails', async () => {
    const email = uniqueEmail();
    await signup(signupPayload({ email, password_confirmation: 'mismatch-here' }));
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(0);
  });
});
