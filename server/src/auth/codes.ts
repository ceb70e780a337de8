import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@floorfill/shared';
import type { CodePurpose } from '../infra/database-types.ts';

/** A fresh one-time code: CODE_LENGTH crypto-random digits. */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

export interface CodeHasher {
  hash(userId: number, purpose: CodePurpose, code: string): string;
  matches(storedHash: string, userId: number, purpose: CodePurpose, code: string): boolean;
}

/**
 * Codes are kept as HMAC-SHA256, never plain: with only a million possible
 * codes a bare hash would fall to a lookup table, so the hash is keyed with a
 * server secret (derived from JWT_SECRET, so no extra setting). Binding the
 * user and purpose means one code's hash says nothing about another's.
 */
export function createCodeHasher(secret: string): CodeHasher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'floorfill', 'auth-code-hmac', 32));
  const hash = (userId: number, purpose: CodePurpose, code: string) =>
    createHmac('sha256', key).update(`${purpose}:${userId}:${code}`).digest('hex');

  return {
    hash,
    matches(storedHash, userId, purpose, code) {
      const expected = Buffer.from(storedHash, 'hex');
      const actual = Buffer.from(hash(userId, purpose, code), 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
