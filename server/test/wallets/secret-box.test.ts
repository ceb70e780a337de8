import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretBoxError } from '../../src/wallets/secret-box.ts';

const key = randomBytes(32);

describe('secret box (AES-256-GCM)', () => {
  it('gives back the plaintext under the same key and context', () => {
    const sealed = encryptSecret(key, 'sk_test_secret', 'users.stripe_secret_key:1');
    expect(sealed).toMatch(/^[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(Buffer.from(sealed.split(':')[0] ?? '', 'base64')).toHaveLength(12);
    expect(decryptSecret(key, sealed, 'users.stripe_secret_key:1')).toBe('sk_test_secret');
  });

  it('refuses another key, another context, and any changed byte', () => {
    const sealed = encryptSecret(key, 'sk_test_secret', 'ctx:1');
    expect(() => decryptSecret(randomBytes(32), sealed, 'ctx:1')).toThrow(SecretBoxError);
    expect(() => decryptSecret(key, sealed, 'ctx:2')).toThrow(SecretBoxError);
    const [iv, tag, data] = sealed.split(':') as [string, string, string];
    const flipped = Buffer.from(data, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptSecret(key, `${iv}:${tag}:${flipped.toString('base64')}`, 'ctx:1')).toThrow(
      SecretBoxError,
    );
    expect(() => decryptSecret(key, 'not-a-box', 'ctx:1')).toThrow(SecretBoxError);
  });

  it('needs a 32-byte key', () => {
    expect(() => encryptSecret(randomBytes(16), 'x', 'ctx')).toThrow(SecretBoxError);
  });
});
