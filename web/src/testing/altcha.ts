import { CHALLENGE_MSG } from '@floorfill/shared';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * The server's side of a busy address, with the real library: challenges as
 * the server makes them (altcha-lib's createChallenge, signed), at a cost a
 * test solves in milliseconds, and the real verifier for the proofs.
 */

const SECRET = 'test-hmac-secret';

export function newChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    keyPrefix: '0',
    deriveKey,
    hmacSignatureSecret: SECRET,
    expiresAt: new Date(Date.now() + 60_000),
  });
}

/** A 428 in the spec's envelope with a fresh challenge, as `stubApi` answers it. */
export async function challengeAnswer() {
  return {
    status: 428,
    body: { status: false, msg: CHALLENGE_MSG.required, data: { challenge: await newChallenge() } },
    headers: { 'Cache-Control': 'no-store' },
  };
}

/** Whether an `X-Altcha` value proves a challenge made by `newChallenge`. */
export async function isGoodProof(proof: string): Promise<boolean> {
  const payload = JSON.parse(atob(proof)) as Payload;
  const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: SECRET });
  return result.verified;
}
