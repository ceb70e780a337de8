import { createHmac } from 'node:crypto';
import { CHALLENGE_HEADER, CHALLENGE_MSG, type AltchaChallenge } from '@floorfill/shared';
import { CappedMap, createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret, verify } from 'altcha-lib/frameworks/shared';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { EVENT_PASS_COOKIE } from '../events/event-pass.ts';
import { assertTriesLeft, type Budget } from './budgets.ts';
import { HttpError } from './errors.ts';

/**
 * The busy-address challenge (issue 25, docs/decisions.md). Hundreds of
 * phones share a venue's address, so an address past its budget is never
 * refused: each call from it must instead carry a solved ALTCHA proof of
 * work (PBKDF2/SHA-256, a second or so on a phone). A call without one, or
 * with a bad, used or expired one, is answered 428 with a fresh challenge
 * and changes nothing.
 *
 * Challenges are deterministic (altcha-lib's `counter`): the server derives
 * the key once when it makes one and signs it, so checking a solution is
 * two HMACs, and the work a solver must do is the counter, drawn from
 * [N/2, N] × the address's factor. A challenge names the address it was
 * made for (an HMAC of it, not the address) and is good once, until it
 * expires.
 */

export interface ChallengeSettings {
  /** PBKDF2 iterations per try (altcha's `cost`). */
  cost: number;
  /** The counter range N of a challenge at factor 1: the tries a solver makes, N / 2 to N. */
  counter: number;
  /** How long a challenge can be solved and used. */
  expiresInSeconds: number;
  /** The app's secret the signing keys are derived from. */
  secret: string;
}

export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';

/** 428 with a challenge for the client to solve; nothing was changed. */
export class ChallengeRequiredError extends HttpError {
  override name = 'ChallengeRequiredError';
  constructor(challenge: AltchaChallenge) {
    super(428, CHALLENGE_MSG.required, { challenge });
  }
}

/** The used challenges, until they expire: with Redis shared by the nodes. */
function usedChallenges(redis: Redis | undefined, prefix: string, ttlMs: number) {
  // Without Redis: this node's memory, oldest forgotten first past the cap
  // (an expired challenge is refused by its signed expiry anyway).
  const local = new CappedMap<string, boolean>({ maxSize: 100_000 });
  return {
    async setIfAbsent(key: string): Promise<boolean> {
      if (!redis || redis.status !== 'ready') return local.setIfAbsent(key, true);
      return (await redis.set(`${prefix}:altcha:${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    get: () => false,
    set: () => undefined,
  };
}

export function createChallenges(
  settings: ChallengeSettings,
  redis: Redis | undefined,
  prefix: string,
) {
  const signatureSecret = createHmac('sha256', settings.secret)
    .update('floorfill altcha signature')
    .digest('hex');
  const keySecret = deriveHmacKeySecret(signatureSecret);
  const store = usedChallenges(redis, prefix, (settings.expiresInSeconds + 60) * 1000);
  /** Which address (and what for) a challenge was made: an HMAC, so the address is not in it. */
  const scopeTag = (scope: string) =>
    createHmac('sha256', signatureSecret).update(scope).digest('hex').slice(0, 24);

  async function issue(scope: string, factor: number): Promise<Challenge> {
    const range = Math.max(1, Math.round(settings.counter * factor));
    const low = Math.max(1, Math.floor(range / 2));
    return createChallenge({
      algorithm: CHALLENGE_ALGORITHM,
      cost: settings.cost,
      counter: randomInt(range, low),
      deriveKey,
      data: { scope: scopeTag(scope) },
      expiresAt: Math.floor(Date.now() / 1000) + settings.expiresInSeconds,
      hmacSignatureSecret: signatureSecret,
      hmacKeySignatureSecret: await keySecret,
    });
  }

  /** Is this a good, unused, unexpired solution of a challenge made for this scope? */
  async function solved(payload: string | undefined, scope: string): Promise<boolean> {
    if (!payload) return false;
    const result = await verify(payload, deriveKey, signatureSecret, await keySecret, store);
    if (result.error !== null || !result.payload || !('challenge' in result.payload)) return false;
    return result.payload.challenge.parameters.data?.scope === scopeTag(scope);
  }

  return {
    issue,
    solved,
    /** Passes with a good solution for the scope; else 428 with a fresh challenge at this factor. */
    async require(payload: string | undefined, scope: string, factor = 1): Promise<void> {
      if (await solved(payload, scope)) return;
      throw new ChallengeRequiredError((await issue(scope, factor)) as AltchaChallenge);
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;

/**
 * Challenged failures from one address in 24 hours raise its challenges'
 * work: ×2 for every ESCALATION_STEP of them. Failed sign-ins stop at
 * ×ESCALATION_MAX_FACTOR, so a member signing in at a venue where someone
 * sprays passwords waits about a minute at worst. Typed codes double
 * without a useful end (CODE_ESCALATION_MAX_FACTOR is weeks of a core per
 * try): the room's phones come in by the QR's link, which no guesser's work
 * touches (events/event-pass.ts), so only typed codes pay for a guesser at
 * their address (docs/security.md has the arithmetic).
 */
export const ESCALATION_STEP = 100;
export const ESCALATION_MAX_FACTOR = 64;
export const CODE_ESCALATION_MAX_FACTOR = 2 ** 20;
export const ESCALATION_WINDOW_SECONDS = 24 * 60 * 60;

export function escalationFactor(
  challengedFailures: number,
  maxFactor = ESCALATION_MAX_FACTOR,
): number {
  return Math.min(maxFactor, 2 ** Math.floor(challengedFailures / ESCALATION_STEP));
}

/**
 * Who is trying a code: the address, the session's user when there is one, a
 * solved challenge; and the code tried with the browser's event pass, which
 * spares a code given out by its event's own link (events/event-pass.ts).
 */
export interface CodeCaller {
  address: string;
  userId?: number | undefined;
  altcha?: string | undefined;
  code?: string | undefined;
  pass?: string | undefined;
}

/** The solved challenge a request carries (`X-Altcha`), if any. */
export function altchaOf(request: FastifyRequest): string | undefined {
  const header = request.headers[CHALLENGE_HEADER];
  return typeof header === 'string' && header.length <= 8192 ? header : undefined;
}

/** The caller of an HTTP route: its address, its session's user, its solved challenge. */
export function codeCallerOf(request: FastifyRequest, code?: string): CodeCaller {
  return {
    address: request.ip,
    userId: request.session?.userId,
    altcha: altchaOf(request),
    code,
    pass: request.cookies[EVENT_PASS_COOKIE],
  };
}

/**
 * A code try let through: whether it had to carry a challenge (its address
 * was busy), or came with a pass for its code (nothing spent, nothing asked).
 */
export interface CodeTry extends CodeCaller {
  challenged: boolean;
  vouched?: boolean;
}

export interface CodeGuardDeps {
  /** Wrong codes per address: a sustained rate plus a door-rush burst, then the address is busy. */
  byAddress: Budget;
  /** Wrong codes per account: past it that one person gets 429. */
  byAccount: Budget;
  /** Challenged wrong codes per address in 24 h: they raise the address's factor. */
  escalation: Budget;
  /** Whether a browser's event pass vouches for the code it tries (events/event-pass.ts). */
  vouches: (pass: string | undefined, code: string) => boolean;
  challenges: Challenges;
}

/**
 * Event codes (and profile ids and keys) are guessed one try at a time. A
 * wrong one spends its account's budget (a 429 for that person only) and its
 * address's; every try from a busy address, right or wrong alike (a right
 * code is no oracle), must carry a solved challenge.
 */
export function createCodeGuard({
  byAddress,
  byAccount,
  escalation,
  challenges,
  vouches,
}: CodeGuardDeps) {
  return {
    /** Lets a try through, or throws 429 (this account is out of tries) or 428 (challenge). */
    async admit(caller: CodeCaller): Promise<CodeTry> {
      if (caller.code !== undefined && vouches(caller.pass, caller.code)) {
        return { ...caller, challenged: false, vouched: true };
      }
      const [, addressWait] = await Promise.all([
        caller.userId !== undefined ? assertTriesLeft(byAccount, String(caller.userId)) : undefined,
        byAddress.waitMs(caller.address),
      ]);
      const busy = addressWait > 0;
      if (busy) {
        const factor = escalationFactor(
          await escalation.spent(caller.address),
          CODE_ESCALATION_MAX_FACTOR,
        );
        await challenges.require(caller.altcha, `code|${caller.address}`, factor);
      }
      return { ...caller, challenged: busy };
    },
    /** The try's code was wrong: spent from its budgets, and a challenged one escalates. */
    async wrong(attempt: CodeTry): Promise<void> {
      // A code its own link gave out was not guessed (its event may since have gone).
      if (attempt.vouched) return;
      await Promise.all([
        byAddress.spend(attempt.address),
        attempt.userId !== undefined ? byAccount.spend(String(attempt.userId)) : undefined,
        attempt.challenged ? escalation.spend(attempt.address) : undefined,
      ]);
    },
  };
}

export type CodeGuard = ReturnType<typeof createCodeGuard>;

/**
 * An address's budget that, once spent, asks for a challenge instead of
 * refusing (guest logins, failed sign-ins): `admit` before the work, `spend`
 * for what counts. With an escalation budget (failed sign-ins), what a
 * challenged try spends also raises the address's factor, as wrong codes do.
 */
export function createAddressGate(
  budget: Budget,
  challenges: Challenges,
  purpose: string,
  escalation?: Budget,
) {
  return {
    /** Whether the try had to carry a challenge; throws 428 when it did not carry a good one. */
    async admit(address: string, altcha: string | undefined): Promise<boolean> {
      if ((await budget.waitMs(address)) === 0) return false;
      const factor = escalation ? escalationFactor(await escalation.spent(address)) : 1;
      await challenges.require(altcha, `${purpose}|${address}`, factor);
      return true;
    },
    async spend(address: string, challenged = false): Promise<void> {
      await Promise.all([
        budget.spend(address),
        challenged && escalation ? escalation.spend(address) : undefined,
      ]);
    },
  };
}

export type AddressGate = ReturnType<typeof createAddressGate>;
