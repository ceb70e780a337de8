import { randomUUID } from 'node:crypto';
import {
  CODE_DAILY_WRONG_ATTEMPTS,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_SECONDS,
  joinCodeDigits,
  MSG,
  RESEND_COOLDOWN_SECONDS,
  ROLE,
  type CodeDigits,
  type LoginData,
  type Role,
  type SessionData,
  type SessionUser,
  type SignupBody,
  type VerificationType,
} from '@floorfill/shared';
import type { Config } from '../config.ts';
import { fieldError, tooManyRequests } from '../http/errors.ts';
import type { CodePurpose } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';
import type { MailMessage } from '../infra/mail.ts';
import { passwordResetMail, verificationMail } from './auth-mails.ts';
import * as repo from './auth.repository.ts';
import type { AccountRow } from './auth.repository.ts';
import { createCodeHasher, generateCode } from './codes.ts';
import { passwordMatches, spendPasswordCheckTime } from './passwords.ts';
import type { RequestSession } from './session.ts';
import { createSessionTokens, SESSION_TTL_SECONDS } from './tokens.ts';

/**
 * Account rules. Functions take the route's transaction (or the db for reads)
 * and return what the route must do after commit, such as the mail to queue:
 * mail goes out only for changes that were really saved.
 */

export interface StartedSession {
  token: string;
  /** For the cookie: a lasting cookie only when the user asked to be remembered. */
  remember: boolean;
  login: LoginData;
}

export type CodeRequestOutcome =
  | { sent: true; retryAfterSeconds: number; mail: MailMessage | null }
  | { sent: false; retryAfterSeconds: number };

/** Who gets a code of a kind: verification only while unverified; reset for any member. */
const wantsCode: Record<CodePurpose, (account: AccountRow) => boolean> = {
  email_verification: (account) => !account.is_guest && account.email_verified_at === null,
  password_reset: (account) => !account.is_guest,
};

const mailFor: Record<CodePurpose, (to: string, name: string, code: string) => MailMessage> = {
  email_verification: verificationMail,
  password_reset: passwordResetMail,
};

export function roleOf(account: Pick<AccountRow, 'is_guest' | 'default_login'>): Role {
  return account.is_guest ? ROLE.guest : account.default_login;
}

export function toSessionUser(account: AccountRow): SessionUser {
  return {
    id: account.id,
    name: account.name,
    display_name: account.display_name,
    email: account.email,
    phone: account.phone,
    role: roleOf(account),
    default_login: account.default_login,
    is_guest: account.is_guest,
    email_verified: account.email_verified_at !== null,
    profile_image_path: account.profile_image_path,
    cover_photo_path: account.cover_photo_path,
  };
}

export function createAuthService(config: Config) {
  const codes = createCodeHasher(config.jwtSecret);
  const tokens = createSessionTokens(config);

  /** Replace any open code of this kind with a new one; returns the mail that carries it. */
  async function issueCode(
    trx: DbOrTrx,
    account: AccountRow,
    purpose: CodePurpose,
  ): Promise<MailMessage | null> {
    if (!account.email) return null;
    const code = generateCode();
    await repo.consumeOpenCodes(trx, account.id, purpose);
    await repo.insertCode(trx, {
      userId: account.id,
      purpose,
      codeHash: codes.hash(account.id, purpose, code),
      ttlSeconds: CODE_TTL_SECONDS,
    });
    return mailFor[purpose](account.email, account.name, code);
  }

  /**
   * The account whose usable code this is, with the code spent; null for a
   * wrong, expired, used or exhausted code and for an unknown email alike. A
   * wrong try is counted and stays counted: the caller commits before answering.
   */
  async function spendCode(
    trx: DbOrTrx,
    email: string,
    purpose: CodePurpose,
    digits: CodeDigits,
  ): Promise<AccountRow | null> {
    const account = await repo.findAccountByEmail(trx, email);
    if (!account || account.is_guest) return null;
    // However many codes are asked for, an account's codes take a bounded number of guesses a day.
    if ((await repo.wrongAttemptsToday(trx, account.id, purpose)) >= CODE_DAILY_WRONG_ATTEMPTS) {
      throw tooManyRequests(MSG.codeTriesUsedUp);
    }
    const stored = await repo.findUsableCodeForUpdate(trx, account.id, purpose, CODE_MAX_ATTEMPTS);
    if (!stored) return null;
    if (!codes.matches(stored.code_hash, account.id, purpose, joinCodeDigits(digits))) {
      await repo.recordWrongAttempt(trx, stored.id);
      return null;
    }
    await repo.consumeCode(trx, stored.id);
    return account;
  }

  async function startSession(
    trx: DbOrTrx,
    account: AccountRow,
    remember: boolean,
  ): Promise<StartedSession> {
    const sessionId = randomUUID();
    const ttl = remember ? SESSION_TTL_SECONDS.remembered : SESSION_TTL_SECONDS.standard;
    const expiresAt = new Date(Date.now() + ttl * 1000);
    await repo.insertSession(trx, { id: sessionId, userId: account.id, expiresAt });
    const token = await tokens.sign({ sessionId, userId: account.id }, expiresAt);
    const user = toSessionUser(account);
    return {
      token,
      remember,
      login: {
        access_token: token,
        id: account.id,
        role: user.role,
        default_login: user.default_login,
        user,
      },
    };
  }

  return {
    /** Creates an unverified member and its first verification code. */
    async signup(
      trx: DbOrTrx,
      body: SignupBody,
      passwordHash: string,
    ): Promise<{ email: string; mail: MailMessage | null }> {
      const account = await repo.insertMember(trx, {
        name: body.name,
        email: body.email,
        phone: body.phone ?? null,
        passwordHash,
      });
      if (!account) throw fieldError('email', MSG.emailTaken);
      const mail = await issueCode(trx, account, 'email_verification');
      // The verification screen counts down from signup; resend waits as long.
      await repo.recordCodeRequest(trx, body.email, 'email_verification');
      return { email: body.email, mail };
    },

    /** True when the code was right and the email is now verified. */
    /**
     * Spends a right code: the account is verified and signed in (the code
     * reached its owner's mailbox, as a password reset's does). Null for a
     * wrong code.
     */
    async verifyEmail(
      trx: DbOrTrx,
      email: string,
      digits: CodeDigits,
    ): Promise<StartedSession | null> {
      const account = await spendCode(trx, email, 'email_verification', digits);
      if (!account) return null;
      await repo.markEmailVerified(trx, account.id);
      return startSession(trx, account, false);
    },

    /** The member whose password this is; null for an unknown email or a wrong password alike. */
    /** A member's address and name by email (not a guest), for mail about the account. */
    async findMember(db: DbOrTrx, email: string): Promise<{ email: string; name: string } | null> {
      const account = await repo.findAccountByEmail(db, email);
      if (!account?.email || account.is_guest) return null;
      return { email: account.email, name: account.name };
    },

    async authenticate(db: DbOrTrx, email: string, password: string): Promise<AccountRow | null> {
      const account = await repo.findAccountByEmail(db, email);
      if (!account?.password_hash || account.is_guest) {
        await spendPasswordCheckTime(password);
        return null;
      }
      return (await passwordMatches(account.password_hash, password)) ? account : null;
    },

    startSession,

    /** A new guest account, named by the first name they gave (or "Guest"), signed in. */
    async startGuestSession(trx: DbOrTrx, name?: string): Promise<StartedSession> {
      const guest = await repo.insertGuest(trx, name);
      return startSession(trx, guest, false);
    },

    /**
     * A code of this kind for this email, if its cooldown allows. The cooldown
     * runs per email whether or not an account exists, and only an account
     * that needs the code gets mail, so the answer reveals nothing.
     */
    async requestCode(
      trx: DbOrTrx,
      email: string,
      type: VerificationType,
    ): Promise<CodeRequestOutcome> {
      const cooldown = RESEND_COOLDOWN_SECONDS[type];
      const claimed = await repo.claimCodeRequest(trx, email, type, cooldown);
      if (!claimed) {
        const left = await repo.secondsUntilNextCodeRequest(trx, email, type, cooldown);
        return { sent: false, retryAfterSeconds: Math.max(1, left) };
      }
      const account = await repo.findAccountByEmail(trx, email);
      const mail = account && wantsCode[type](account) ? await issueCode(trx, account, type) : null;
      return { sent: true, retryAfterSeconds: cooldown, mail };
    },

    /** The account when the code was right: its password is replaced and every session ends; null otherwise. */
    async resetPassword(
      trx: DbOrTrx,
      email: string,
      digits: CodeDigits,
      newPasswordHash: string,
    ): Promise<{ userId: number } | null> {
      const account = await spendCode(trx, email, 'password_reset', digits);
      if (!account) return null;
      await repo.updatePasswordHash(trx, account.id, newPasswordHash);
      // The code came by email, so the address is proven.
      await repo.markEmailVerified(trx, account.id);
      await repo.revokeAllSessions(trx, account.id);
      return { userId: account.id };
    },

    /** Revokes the session; a guest is deleted with everything it made (spec §4). */
    async endSession(trx: DbOrTrx, session: RequestSession): Promise<void> {
      await repo.revokeSession(trx, session.sessionId);
      if (session.isGuest) await repo.deleteGuest(trx, session.userId);
    },

    async describeSession(db: DbOrTrx, session: RequestSession): Promise<SessionData | null> {
      const account = await repo.findAccountById(db, session.userId);
      if (!account) return null;
      const user = toSessionUser(account);
      return { user, role: user.role };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
