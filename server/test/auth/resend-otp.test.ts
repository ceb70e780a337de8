import { MSG, RESEND_COOLDOWN_SECONDS, type VerificationType } from '@floorfill/shared';
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

describe('POST /api/v1/resend-otp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const resend = (email: unknown, type: VerificationType | string) =>
    post(t, '/api/v1/resend-otp', { email, verification_type: type });
  /** The answer with the email blanked, to compare answers for different addresses. */
  const shapeOf = (body: { data: Record<string, unknown> }) => ({
    ...body,
    data: { ...body.data, email: '' },
  });

  it('sends a new verification code to an unverified member after the cooldown', async () => {
    const member = await signUp(t);
    await endCooldown(t, member.email, 'email_verification');

    const res = await resend(member.email, 'email_verification');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      msg: MSG.codeResent,
      data: {
        email: member.email,
        retry_after_seconds: RESEND_COOLDOWN_SECONDS.email_verification,
      },
    });
    expect(await outboxFor(t, member.email)).toHaveLength(2);
    const code = await codeFromOutbox(t, member.email);
    expect(
      (await post(t, '/api/auth/verify-email', { email: member.email, ...digits(code) }))
        .statusCode,
    ).toBe(200);
  });

  it('sends a reset code with its 10-second cooldown', async () => {
    const member = await createMember(t);
    const res = await resend(member.email, 'password_reset');

    expect(res.statusCode).toBe(200);
    expect(res.json().data.retry_after_seconds).toBe(RESEND_COOLDOWN_SECONDS.password_reset);
    const [mail] = await outboxFor(t, member.email);
    expect(mail?.subject).toBe('Your Floorfill password reset code');
  });

  it('answers a verified member, an unknown email and an unverified member identically', async () => {
    const verified = await createMember(t);
    const unverified = await createMember(t, { verified: false });
    const unknown = uniqueEmail('ghost');

    const answers = await Promise.all([
      resend(verified.email, 'email_verification'),
      resend(unknown, 'email_verification'),
      resend(unverified.email, 'email_verification'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const shapes = answers.map((res) => shapeOf(res.json()));
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(await outboxFor(t, verified.email)).toHaveLength(0);
    expect(await outboxFor(t, unknown)).toHaveLength(0);
    expect(await outboxFor(t, unverified.email)).toHaveLength(1);
  });

  it('throttles within the cooldown with 429 and the seconds left, per kind', async () => {
    const member = await createMember(t, { verified: false });
    await resend(member.email, 'email_verification');

    const res = await resend(member.email, 'email_verification');
    expect(res.statusCode).toBe(429);
    const seconds = res.json().data.retry_after_seconds;
    expect(seconds).toBeGreaterThan(RESEND_COOLDOWN_SECONDS.password_reset);
    expect(seconds).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS.email_verification);
    expect(res.json()).toEqual({
      status: false,
      msg: MSG.codeCooldown(seconds),
      data: { retry_after_seconds: seconds },
    });

    expect((await resend(member.email, 'password_reset')).statusCode).toBe(200);
  });

  it('throttles an unknown email the same way', async () => {
    const unknown = uniqueEmail('ghost');
    await resend(unknown, 'email_verification');
    const res = await resend(unknown, 'email_verification');

    expect(res.statusCode).toBe(429);
    expect(res.json().data.retry_after_seconds).toBeGreaterThan(
      RESEND_COOLDOWN_SECONDS.password_reset,
    );
  });

  it('shares its cooldown with sendOtp', async () => {
    const member = await createMember(t);
    await post(t, '/api/auth/sendOtp', { email: member.email });
    expect((await resend(member.email, 'password_reset')).statusCode).toBe(429);
  });

  it('lets only one of several concurrent requests send a code', async () => {
    const member = await createMember(t, { verified: false });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => resend(member.email, 'email_verification')),
    );

    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429, 429, 429]);
    expect(await outboxFor(t, member.email)).toHaveLength(1);
  });

  it('names missing fields and refuses an unknown verification type', async () => {
    const missing = await post(t, '/api/v1/resend-otp', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data).toMatchObject({ email: [MSG.fieldRequired] });
    expect(missing.json().data.verification_type).toBeDefined();

    const wrongType = await resend(uniqueEmail(), 'sms');
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().data.verification_type).toEqual([
      'Must be email_verification or password_reset.',
    ]);

    const malformed = await resend('nope', 'password_reset');
    expect(malformed.json().data.email).toEqual(['The email must be a valid email address.']);
  });
});
