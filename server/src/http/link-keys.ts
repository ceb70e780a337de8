import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Keys a link carries to prove it was given out, not guessed: an HMAC of
 * what the link names, under a key derived from JWT_SECRET for one purpose.
 * Whoever holds a link's key already holds what it names; nobody can make
 * the key of anything else. They never expire: a printed QR keeps working.
 */
export interface LinkKeys {
  keyOf(subject: string): string;
  /** The key is the one `subject`'s link carries. */
  holds(subject: string, key: string): boolean;
}

/** 16 base64url characters: 96 bits, far beyond guessing within any failure budget. */
export const LINK_KEY_LENGTH = 16;

export function createLinkKeys(secret: string, purpose: string): LinkKeys {
  const derived = Buffer.from(hkdfSync('sha256', secret, 'floorfill', purpose, 32));
  const keyOf = (subject: string) =>
    createHmac('sha256', derived).update(subject).digest('base64url').slice(0, LINK_KEY_LENGTH);
  return {
    keyOf,
    holds(subject, key) {
      const expected = Buffer.from(keyOf(subject));
      const actual = Buffer.from(key);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
