import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (a host's Stripe secret key): AES-256-GCM under
 * ENCRYPTION_KEY, a fresh random 12-byte IV each time, stored as
 * `iv:tag:ciphertext` in base64. The context (whose secret, which field) is
 * bound as additional data, so a ciphertext copied to another row or column
 * does not decrypt.
 */

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new SecretBoxError('the encryption key must be 32 bytes');
}

export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [iv, tag, ciphertext].map((part) => part.toString('base64')).join(':');
}

/** The plaintext, or SecretBoxError when the value was altered, moved or made under another key. */
export function decryptSecret(key: Buffer, stored: string, context: string): string {
  checkKey(key);
  const parts = stored.split(':');
  if (parts.length !== 3) throw new SecretBoxError('not an iv:tag:ciphertext value');
  const [iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, 'base64')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretBoxError('not an iv:tag:ciphertext value');
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('the secret does not decrypt with this key and context');
  }
}

/** The additional data a host's Stripe secret key is bound to. */
export const hostStripeSecretContext = (userId: number) => `users.stripe_secret_key:${userId}`;
