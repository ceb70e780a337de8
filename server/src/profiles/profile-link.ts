import { createLinkKeys } from '../http/link-keys.ts';

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

export function createProfileLinkKeys(secret: string): ProfileLinkKeys {
  const keys = createLinkKeys(secret, 'host-profile-link');
  return {
    keyOf: (userId) => keys.keyOf(`host:${userId}`),
    holds: (userId, key) => keys.holds(`host:${userId}`, key),
  };
}
