import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The key a host's own profile link and QR carry (`/h/<id>?k=<key>`). Profile
 * ids are small numbers anyone can walk; the key, an HMAC of the id under a
 * key derived from JWT_SECRET, is what a walker does not have. With it the
 * host's public page offers their events' codes, as the event's own QR does;
 * without it the page says only what a poster would. It never expires: a
 * printed QR keeps working, as the host means it to.
 */
export interface ProfileLinkKeys {
  keyOf(userId: number): string;
  /** The key is the one this id's link carries. */
  holds(userId: number, key: string): boolean;
}

/** 16 base64url characters: 96 bits, far beyond guessing within any failure budget. */
const KEY_LENGTH = 16;

export function createProfileLinkKeys(secret: string): ProfileLinkKeys {
  const derived = Buffer.from(hkdfSync('sha256', secret, 'floorfill', 'host-profile-link', 32));
  const keyOf = (userId: number) =>
    createHmac('sha256', derived).update(`host:${userId}`).digest('base64url').slice(0, KEY_LENGTH);
  return {
    keyOf,
    holds(userId, key) {
      const expected = Buffer.from(keyOf(userId));
      const actual = Buffer.from(key);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
