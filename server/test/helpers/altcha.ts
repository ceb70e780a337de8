import { CHALLENGE_HEADER, challengeRequiredData, type AltchaChallenge } from '@floorfill/shared';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Solves a busy-address challenge as a client does (altcha-lib's solver;
 * Node's PBKDF2 here, WebCrypto's in the browser) and answers the X-Altcha
 * value: base64 of the JSON {challenge, solution}.
 */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The challenge of a 428 envelope (throws when the body is not one). */
export function challengeOf(body: unknown): AltchaChallenge {
  const envelope = body as { data?: unknown };
  return challengeRequiredData.parse(envelope.data).challenge;
}

/** The header carrying a solution. */
export const altchaHeader = (solution: string) => ({ [CHALLENGE_HEADER]: solution });

/** Tiny challenges for tests: a handful of one-iteration tries. */
export const TEST_CHALLENGE_ENV = { CHALLENGE_COST: '1', CHALLENGE_COUNTER: '8' } as const;
