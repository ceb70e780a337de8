import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChallenges, ESCALATION_STEP } from '../../src/http/busy-address.ts';
import { altchaHeader, challengeOf, solveAltcha, TEST_CHALLENGE_ENV } from '../helpers/altcha.ts';
import { uniqueEmail } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Failed sign-ins from a busy address: past the address's budget every
 * sign-in carries a solved challenge, and the challenged failures raise the
 * work as wrong event codes do. A challenge is good only until it expires.
 */
const ADDRESS_BUDGET = 2;
/** The test's challenge at ×1: 4 to 8 tries (TEST_CHALLENGE_ENV). */
const COUNTER = 8;

describe('failed sign-ins at a busy address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      SIGN_IN_FAILURES_PER_ADDRESS: String(ADDRESS_BUDGET),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...TEST_CHALLENGE_ENV,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (address: string, altcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      headers: altcha ? altchaHeader(altcha) : {},
      payload: { email: uniqueEmail('guessed'), password: 'guessing-away' },
    });

  /** A failed sign-in as a determined guesser makes it; answers the tries its challenge took. */
  async function failWithWork(address: string): Promise<number> {
    const asked = await signIn(address);
    expect(asked.statusCode).toBe(428);
    const challenge = challengeOf(asked.json());
    const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
    if (!solution) throw new Error('unsolved');
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect((await signIn(address, payload)).statusCode).toBe(401);
    return solution.counter + 1;
  }

  it('asks for work past the address budget and doubles it after a step of challenged failures', async () => {
    const address = '192.0.2.80';
    const free = [];
    for (let index = 0; index < ADDRESS_BUDGET; index += 1) {
      free.push((await signIn(address)).statusCode);
    }
    expect(free).toEqual(Array(ADDRESS_BUDGET).fill(401));

    const first: number[] = [];
    for (let index = 0; index < ESCALATION_STEP; index += 1)
      first.push(await failWithWork(address));
    const second: number[] = [];
    for (let index = 0; index < 20; index += 1) second.push(await failWithWork(address));
    // The counter is drawn from [N/2, N] × the factor; a solver takes counter + 1 tries.
    expect(Math.max(...first)).toBeLessThanOrEqual(COUNTER + 1);
    expect(Math.min(...second)).toBeGreaterThanOrEqual(COUNTER + 1);
    expect(Math.max(...second)).toBeLessThanOrEqual(2 * COUNTER + 1);
    // Another address is not asked for anything.
    expect((await signIn('192.0.2.81')).statusCode).toBe(401);
  }, 120_000);
});

describe('a challenge past its expiry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is refused even when solved and never used', async () => {
    const challenges = createChallenges(
      { cost: 1, counter: 8, expiresInSeconds: 60, secret: 'a test secret of enough length' },
      undefined,
      'test',
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    const issued = await challenges.issue('sign-in|192.0.2.90', 1);
    const solved = await solveAltcha(issued as never);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await challenges.solved(solved, 'sign-in|192.0.2.90')).toBe(false);
    vi.setSystemTime(Date.now() - 2_000);
    // Within its time the same solution would have been good.
    expect(await challenges.solved(solved, 'sign-in|192.0.2.90')).toBe(true);
  });

  it('is good only for the scope it was made for', async () => {
    const challenges = createChallenges(
      { cost: 1, counter: 8, expiresInSeconds: 60, secret: 'a test secret of enough length' },
      undefined,
      'test',
    );
    const issued = await challenges.issue('sign-in|192.0.2.91', 1);
    const solved = await solveAltcha(issued as never);
    expect(await challenges.solved(solved, 'sign-in|192.0.2.92')).toBe(false);
    expect(await challenges.solved(solved, 'code|192.0.2.91')).toBe(false);
  });
});
