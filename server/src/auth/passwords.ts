import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** Passwords are stored as argon2id hashes (the library's default type, named here so it stays so). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export function passwordMatches(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}

let unusableHash: Promise<string> | undefined;

/**
 * Spend the time of a real check when there is no account, so the answer's
 * timing does not tell whether an email is registered.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  unusableHash ??= hashPassword(randomBytes(32).toString('hex'));
  await argon2.verify(await unusableHash, password);
}
