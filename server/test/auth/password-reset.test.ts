import { CODE_MAX_ATTEMPTS, MSG, RESEND_COOLDOWN_SECONDS } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordMatches } from '../../src/auth/passwords.ts';
import {
  bearer,
  codeFromOutbox,
  createMember,
  digits,
  endCooldown,
  expireCodes,
  getSession,
  logIn,
  outboxFor,
  post,
  uniqueEmail,
  wrongCode,
} from '../helpers/factories.ts';
import { connected, connectSocket, listenOnLoopback } from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'a-brand-new-password';

describe('password reset: POST /api/auth/sendOtp and POST /api/auth/verifyOtp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sendOtp = (email: unknown) => post(t, '/api/auth/sendOtp', { email });
  const verifyOtp = (email: string, code: string, overrides: Record<string, unknown> = {}) =>
    post(t, '/api/auth/verifyOtp', {
      email,
      ...digits(code),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      ...overrides,
    });
  const storedHash = async (userId: number) =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).password_hash ?? '';

  describe('sendOtp', () => {
    it('mails a reset code and answers with the email and the cooldown', async () => {
      const member = await createMember(t);
      const res = await sendOtp(member.email);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: true,
        msg: MSG.otpSent,
        data: { email: member.email, retry_after_seconds: RESEND_COOLDOWN_SECONDS.password_reset },
      });
      const [mail] = await outboxFor(t, member.email);
      expect(mail?.subject).toBe('Your Floorfill password reset code');
      expect(mail?.text).toContain('10 minutes');
      expect(mail?.text).toContain("If this wasn't you");
      const code = await codeFromOutbox(t, member.email);
      const rows = await t.ctx.db
        .selectFrom('auth_codes')
        .select(['code_hash', 'purpose'])
        .where('user_id', '=', member.id)
        .execute();
      expect(rows).toEqual([
        { code_hash: expect.not.stringContaining(code), purpose: 'password_reset' },
      ]);
    });

    it('answers an unknown email exactly like a known one, and mails nobody', async () => {
      const member = await createMember(t);
      const unknown = uniqueEmail('ghost');
      const known = await sendOtp(member.email);
      const stranger = await sendOtp(unknown);

      expect(stranger.statusCode).toBe(known.statusCode);
      expect({ ...stranger.json(), data: { ...stranger.json().data, email: 'x' } }).toEqual({
        ...known.json(),
        data: { ...known.json().data, email: 'x' },
      });
      expect(await outboxFor(t, unknown)).toHaveLength(0);
    });

    it('throttles a second request within the cooldown with 429 and the seconds left', async () => {
      const member = await createMember(t);
      await sendOtp(member.email);
      const res = await sendOtp(member.email);

      expect(res.statusCode).toBe(429);
      const seconds = res.json().data.retry_after_seconds;
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS.password_reset);
      expect(res.json()).toEqual({
        status: false,
        msg: MSG.codeCooldown(seconds),
        data: { retry_after_seconds: seconds },
      });
      expect(await outboxFor(t, member.email)).toHaveLength(1);
    });

    it('throttles an unknown email the same way', async () => {
      const unknown = uniqueEmail('ghost');
      await sendOtp(unknown);
      const res = await sendOtp(unknown);

      expect(res.statusCode).toBe(429);
      expect(res.json().data.retry_after_seconds).toBeGreaterThanOrEqual(1);
    });

    it('sends again once the cooldown is over', async () => {
      const member = await createMember(t);
      await sendOtp(member.email);
      await endCooldown(t, member.email, 'password_reset');

      expect((await sendOtp(member.email)).statusCode).toBe(200);
      expect(await outboxFor(t, member.email)).toHaveLength(2);
    });

    it('names a missing email and refuses a malformed one', async () => {
      const missing = await post(t, '/api/auth/sendOtp', {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().data.email).toEqual([MSG.fieldRequired]);
      const malformed = await sendOtp('nope');
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().data.email).toEqual(['The email must be a valid email address.']);
    });
  });

  describe('verifyOtp', () => {
    it('sets the new password and the old one stops working', async () => {
      const member = await createMember(t);
      await sendOtp(member.email);
      const code = await codeFromOutbox(t, member.email);

      const res = await verifyOtp(member.email, code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, msg: MSG.passwordChanged, data: null });
      const hash = await storedHash(member.id);
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(await passwordMatches(hash, NEW_PASSWORD)).toBe(true);
      expect(
        (await post(t, '/api/auth/login', { email: member.email, password: member.password }))
          .statusCode,
      ).toBe(401);
      expect(
        (await post(t, '/api/auth/login', { email: member.email, password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it('revokes every session the user had', async () => {
      const member = await createMember(t);
      const first = await logIn(t, member);
      const second = await logIn(t, member, { remember: true });
      await sendOtp(member.email);
      await verifyOtp(member.email, await codeFromOutbox(t, member.email));

      expect((await getSession(t, bearer(first.token))).statusCode).toBe(401);
      expect((await getSession(t, bearer(second.token))).statusCode).toBe(401);
    });

    it('closes the sockets of every session it revoked', async () => {
      const member = await createMember(t);
      const { token } = await logIn(t, member);
      const socket = connectSocket(await listenOnLoopback(t.app), { token });
      await connected(socket);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

      await sendOtp(member.email);
      await verifyOtp(member.email, await codeFromOutbox(t, member.email));
      expect(await closed).toBe('io server disconnect');
    });

    it('marks an unverified email as verified, since the code proved it', async () => {
      const member = await createMember(t, { verified: false });
      await sendOtp(member.email);
      await verifyOtp(member.email, await codeFromOutbox(t, member.email));

      expect(
        (await post(t, '/api/auth/login', { email: member.email, password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a wrong code and keeps the password', async () => {
      const member = await createMember(t);
      await sendOtp(member.email);
      const code = await codeFromOutbox(t, member.email);
      const before = await storedHash(member.id);

      const res = await verifyOtp(member.email, wrongCode(code));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        status: false,
        data: { otp: [MSG.codeInvalid] },
        errors: { otp: [MSG.codeInvalid] },
      });
      expect(await storedHash(member.id)).toBe(before);
    });

    it('refuses an expired code', async () => {
      const member = await createMember(t);
      await sendOtp(member.email);
      const code = await codeFromOutbox(t, member.email);
      await expireCodes(t, member.id, 'password_reset');

      expect((await verifyOtp(member.email, code)).statusCode).toBe(422);
    });

    it('refuses a code used once already', async () => {
      const member = await createMember(t);
      await sendOtp(member.email);
      const code = await codeFromOutbox(t, member.email);
      expect((await verifyOtp(member.email, code)).statusCode).toBe(200);

      const again = await verifyOtp(member.email, code, {
        password: 'yet-another-one',
        password_confirmation: 'yet-another-one',
      });
      expect(again.statusCode).toBe(422);
      expect(await passwordMatches(await storedHash(member.id), NEW_PASSWORD)).toBe(true);
    });

    it(`refuses the right code after ${CODE_MAX_ATTEMPTS} wrong tries`, async () => {
      const member = await createMember(t);
      await sendOtp(member.email);
      const code = await codeFromOutbox(t, member.email);
      for (let attempt = 0; attempt < CODE_MAX_ATTEMPTS; attempt += 1) {
        expect((await verifyOtp(member.email, wrongCode(code))).statusCode).toBe(422);
      }

      expect((await verifyOtp(member.email, code)).statusCode).toBe(422);
      expect(await passwordMatches(await storedHash(member.id), member.password)).toBe(true);
    });

    it('does not accept an email verification code for a reset', async () => {
      const member = await createMember(t, { verified: false });
      await post(t, '/api/v1/resend-otp', {
        email: member.email,
        verification_type: 'email_verification',
      });
      const verificationCode = await codeFromOutbox(t, member.email);

      expect((await verifyOtp(member.email, verificationCode)).statusCode).toBe(422);
    });

    it('answers an unknown email like a wrong code', async () => {
      const res = await verifyOtp(uniqueEmail('ghost'), '123456');
      expect(res.statusCode).toBe(422);
      expect(res.json().data).toEqual({ otp: [MSG.codeInvalid] });
    });

    it('names every missing field', async () => {
      const res = await post(t, '/api/auth/verifyOtp', {});
      expect(res.statusCode).toBe(422);
      const data = res.json().data;
      for (const field of [
        'email',
        'otp1',
        'otp2',
        'otp3',
        'otp4',
        'otp5',
        'otp6',
        'password',
        'password_confirmation',
      ]) {
        expect(data[field]).toEqual([MSG.fieldRequired]);
      }
    });

    it('refuses a short password, a mismatched confirmation and a non-digit box', async () => {
      const email = uniqueEmail();
      const short = await verifyOtp(email, '123456', {
        password: 'short',
        password_confirmation: 'short',
      });
      expect(short.json().data.password).toEqual(['The password must be at least 8 characters.']);
      const mismatch = await verifyOtp(email, '123456', { password_confirmation: 'different-one' });
      expect(mismatch.json().data.password_confirmation).toEqual([MSG.passwordsDiffer]);
      const letter = await verifyOtp(email, '123456', { otp3: 'a' });
      expect(letter.json().data.otp3).toEqual(['Each box takes one digit.']);
    });
  });
});
