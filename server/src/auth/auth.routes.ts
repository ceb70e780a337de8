import {
  loginAsGuestBody,
  loginBody,
  loginData,
  MSG,
  type OkEnvelope,
  resendOtpBody,
  resendOtpData,
  type ResendOtpData,
  sendOtpBody,
  sessionData,
  signupBody,
  signupData,
  VERIFICATION_TYPE,
  verifyEmailBody,
  verifyOtpBody,
  type VerificationType,
} from '@floorfill/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { fieldError, forbidden, tooManyRequests, unauthorized } from '../http/errors.ts';
import { assertTriesLeft } from '../http/budgets.ts';
import { altchaOf } from '../http/busy-address.ts';
import { createInFlightLimit } from '../http/in-flight-limit.ts';
import { envelopes } from '../http/responses.ts';
import type { DbOrTrx } from '../infra/db.ts';
import type { MailMessage } from '../infra/mail.ts';
import type { QueueChange } from '../live-queue/queue-pushes.ts';
import { carriesCredential, requireSession } from './auth.plugin.ts';
import type { CodeRequestOutcome, StartedSession } from './auth.service.ts';
import { hashPassword } from './passwords.ts';
import {
  clearSessionCookie,
  hasDeviceMark,
  setDeviceCookie,
  setSessionCookie,
} from './session-cookie.ts';
import { signInAttemptsMail } from './auth-mails.ts';
import type { RequestSession } from './session.ts';

/**
 * Counted per client address and email, so one attacker cannot lock everyone
 * out of an account and many users behind one address (or the e2e suite on
 * 127.0.0.1) do not share a budget. Read before validation, so malformed
 * tries count too; hence the email is normalised here by hand.
 */
function clientAndEmail(request: FastifyRequest): string {
  const body = request.body;
  const email =
    typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
      ? body.email.trim().toLowerCase()
      : '';
  return `${request.ip}|${email}`;
}

/** The one key of the overall budget of strangers' failed sign-ins. */
const ALL_SIGN_INS = 'all';

/**
 * Sign-ins from one address whose passwords are checked at once, per node;
 * up to 200 more wait their turn for at most 15 s (a venue's sign-ins queue,
 * a flood beyond that is refused).
 */
export const PASSWORD_CHECKS_PER_ADDRESS = {
  max: 2,
  maxWaiting: 200,
  maxWaitMs: 15_000,
} as const;

/** Auth routes: spec §7 "Auth", resend-otp, login-as-guest, and the session read-back for the web app. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, queue } = app.ctx;
  const { auth, liveQueue, failures } = app.services;

  const rateLimit: RateLimitOptions = {
    max: config.authRateLimitPerMinute,
    timeWindow: 60_000,
    hook: 'preValidation',
    keyGenerator: clientAndEmail,
  };
  const limited = { rateLimit };
  const tags = ['Auth'];

  /** Queued only after the transaction committed, so no mail goes out for a change that was rolled back. */
  async function sendMail(request: FastifyRequest, mail: MailMessage | null): Promise<void> {
    if (mail) await queue.enqueue('mail:send', mail, { requestId: request.id });
  }

  /** Sign-ins that had to carry a challenge: their failures raise the address's work. */
  const challengedSignIns = new WeakSet<FastifyRequest>();

  // Password checks (argon2 on the shared libuv threads) per address at once, on this node.
  const checkingPassword = createInFlightLimit(PASSWORD_CHECKS_PER_ADDRESS);

  /** The account's owner hears that its sign-ins from new browsers are paused (once per attack). */
  async function warnOwner(request: FastifyRequest, email: string, pauseMs: number): Promise<void> {
    const owner = await auth.findMember(db, email);
    if (!owner) return;
    await sendMail(
      request,
      signInAttemptsMail(owner.email, owner.name, {
        firstMinutes: pauseMs / 60_000,
        longestMinutes: failures.signInsByAccount.options.maxPauseMs / 60_000,
      }),
    );
  }

  /** 429 with the wait until the account's pause ends, for browsers that never signed in to it. */
  async function assertAccountNotPaused(email: string): Promise<void> {
    const wait = await failures.signInsByAccount.retryAfterSeconds(email);
    if (wait > 0) throw tooManyRequests(MSG.tooManyRequests, { retry_after_seconds: wait });
  }

  function answerLogin(reply: FastifyReply, started: StartedSession, msg: string) {
    setSessionCookie(reply, config, started.token, started.remember);
    return ok(msg, started.login);
  }

  function throttled(outcome: Extract<CodeRequestOutcome, { sent: false }>): Error {
    return tooManyRequests(MSG.codeCooldown(outcome.retryAfterSeconds), {
      retry_after_seconds: outcome.retryAfterSeconds,
    });
  }

  /** Mails a new code of a kind, or refuses (429) while the last one's cooldown runs. */
  async function sendCode(
    request: FastifyRequest,
    email: string,
    type: VerificationType,
    msg: string,
  ): Promise<OkEnvelope<ResendOtpData>> {
    const outcome = await db.transaction().execute((trx) => auth.requestCode(trx, email, type));
    if (!outcome.sent) throw throttled(outcome);
    await sendMail(request, outcome.mail);
    return ok(msg, { email, retry_after_seconds: outcome.retryAfterSeconds });
  }

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account and mail a verification code',
        body: signupBody,
        response: envelopes({ 201: signupData }),
      },
      config: limited,
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const { email, mail } = await db
        .transaction()
        .execute((trx) => auth.signup(trx, request.body, passwordHash));
      await sendMail(request, mail);
      return reply.status(201).send(ok(MSG.signupDone, { email }));
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags,
        summary:
          "Verify an account's email with the mailed code; the browser is signed in (session cookie)",
        body: verifyEmailBody,
        response: envelopes({ 200: z.null() }),
      },
      config: limited,
    },
    async (request, reply) => {
      const { email, ...digits } = request.body;
      // Committed before answering, so a wrong try stays counted.
      const started = await db.transaction().execute((trx) => auth.verifyEmail(trx, email, digits));
      if (!started) throw fieldError('otp', MSG.codeInvalid);
      // Verified is signed in: the session cookie and the browser's mark, as a sign-in
      // sets them; the answer's data stays null, as the contract has it.
      setSessionCookie(reply, config, started.token, started.remember);
      setDeviceCookie(reply, config, email);
      return ok(MSG.emailVerified, null);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in: the session cookie, and the token for Bearer clients',
        body: loginBody,
        response: envelopes({ 200: loginData }),
      },
      config: limited,
      // An address out of tries must carry a solved challenge, checked before its
      // body is even read: a flood's answers stay cheap, so they take little from
      // the real users signing in beside it.
      onRequest: async (request) => {
        if (await failures.signInsByAddress.admit(request.ip, altchaOf(request))) {
          challengedSignIns.add(request);
        }
      },
    },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      // Many addresses trying one account are stopped before argon2 runs for them
      // again; a browser that signed in to the account before is not.
      const knownBrowser = hasDeviceMark(request, config, email);
      if (!knownBrowser) {
        await assertAccountNotPaused(email);
        await assertTriesLeft(failures.signInsOverall, ALL_SIGN_INS);
      }
      const account = await checkingPassword(request.ip, () =>
        auth.authenticate(db, email, password),
      );
      if (!account) {
        await failures.signInsByAddress.spend(request.ip, challengedSignIns.has(request));
        if (!knownBrowser) {
          await failures.signInsOverall.spend(ALL_SIGN_INS);
          const strike = await failures.signInsByAccount.strike(email);
          // The first pause of an attack tells the owner; the longer ones after it do not.
          if (strike.pauseMs > 0 && strike.pauses === 1) {
            await warnOwner(request, email, strike.pauseMs);
          }
        }
        throw unauthorized(MSG.invalidCredentials);
      }

      if (account.email_verified_at === null) {
        const outcome = await db
          .transaction()
          .execute((trx) => auth.requestCode(trx, email, VERIFICATION_TYPE.email));
        // Within the resend cooldown no new code goes out; the last one still works.
        if (outcome.sent) await sendMail(request, outcome.mail);
        throw forbidden(MSG.emailNotVerified, { email, email_verification_required: true });
      }

      const started = await db
        .transaction()
        .execute((trx) => auth.startSession(trx, account, remember ?? false));
      const answer = answerLogin(reply, started, MSG.loggedIn);
      // After the session cookie, which clients that read one cookie take first.
      setDeviceCookie(reply, config, email);
      return answer;
    },
  );

  /**
   * A guest's logout deletes the account (spec §4). Its requests and
   * attendances leave every event's queue first, through the live queue, so
   * the counters stay right and each event's room hears of it (a cascade
   * would do it silently).
   */
  async function endSession(trx: DbOrTrx, session: RequestSession): Promise<QueueChange[]> {
    if (!session.isGuest) {
      await auth.endSession(trx, session);
      return [];
    }
    const changes = await liveQueue.departEverywhere(trx, session.userId);
    await auth.endSession(trx, session);
    return changes;
  }

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: "End the session (a guest's account and data go with it)",
        response: envelopes({ 200: z.null() }),
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (session) {
        const changes = await db.transaction().execute((trx) => endSession(trx, session));
        // Every node stops taking its token, and its sockets stop hearing the rooms it watched.
        app.sessions.forgetSession(session.sessionId);
        app.realtime.endSession(session);
        liveQueue.publishAll(changes);
      }
      clearSessionCookie(reply, config);
      return ok(MSG.loggedOut, null);
    },
  );

  app.get(
    '/api/auth/session',
    {
      schema: {
        tags,
        summary: 'Who the session belongs to; `data` null when the request names no session',
        response: envelopes({ 200: sessionData.nullable() }),
      },
    },
    async (request) => {
      // A first visit asks too: nobody signed in is an answer, not a failure (a 401
      // would be a red line in every visitor's console). A bad or ended session is a 401.
      if (!carriesCredential(request)) return ok('', null);
      const data = await auth.describeSession(db, requireSession(request));
      if (!data) throw unauthorized(MSG.unauthenticated);
      return ok('', data);
    },
  );

  app.post(
    '/api/auth/sendOtp',
    {
      schema: {
        tags,
        summary: 'Mail a password reset code',
        body: sendOtpBody,
        response: envelopes({ 200: resendOtpData }),
      },
      config: limited,
    },
    async (request) => sendCode(request, request.body.email, VERIFICATION_TYPE.reset, MSG.otpSent),
  );

  app.post(
    '/api/auth/verifyOtp',
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed code; ends every session',
        body: verifyOtpBody,
        response: envelopes({ 200: z.null() }),
      },
      config: limited,
    },
    async (request, reply) => {
      const { email, password, password_confirmation: _confirmation, ...digits } = request.body;
      // Hashed up front so the transaction does not hold a connection through argon2.
      const passwordHash = await hashPassword(password);
      const reset = await db
        .transaction()
        .execute((trx) => auth.resetPassword(trx, email, digits, passwordHash));
      if (!reset) throw fieldError('otp', MSG.codeInvalid);
      // Every session ended: every node forgets them, and their sockets close, wherever they are.
      app.sessions.forgetUser(reset.userId);
      app.realtime.endUserSessions(reset.userId);
      // This browser proved the mailbox: it signs in even while strangers keep the account paused.
      setDeviceCookie(reply, config, email);
      return ok(MSG.passwordChanged, null);
    },
  );

  app.post(
    '/api/v1/resend-otp',
    {
      schema: {
        tags,
        summary: 'Mail a new verification or reset code',
        body: resendOtpBody,
        response: envelopes({ 200: resendOtpData }),
      },
      config: limited,
    },
    async (request) => {
      const { email, verification_type: type } = request.body;
      return sendCode(request, email, type, MSG.codeResent);
    },
  );

  app.post(
    '/api/v1/login-as-guest',
    {
      schema: {
        tags,
        summary: 'Start a guest session (a new guest account)',
        body: loginAsGuestBody,
        response: envelopes({ 200: loginData }),
      },
      // A room scanning the QR at once shares one address: past its budget a
      // guest login carries a solved challenge instead of being refused.
      onRequest: async (request) => {
        await failures.guestLoginsByAddress.admit(request.ip, altchaOf(request));
      },
    },
    async (request, reply) => {
      await failures.guestLoginsByAddress.spend(request.ip);
      const name = request.body?.name;
      const started = await db.transaction().execute((trx) => auth.startGuestSession(trx, name));
      return answerLogin(reply, started, MSG.guestLoggedIn);
    },
  );
};
