import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a code read aloud in a loud room or copied from a screen has one meaning. */
export const EVENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const EVENT_CODE_LENGTH = 6;

/** A fresh crypto-random event code (31^6 ≈ 887 million values). */
export function generateEventCode(): string {
  let code = '';
  for (let i = 0; i < EVENT_CODE_LENGTH; i += 1) {
    code += EVENT_CODE_ALPHABET[randomInt(EVENT_CODE_ALPHABET.length)];
  }
  return code;
}

/** Codes are stored uppercase and matched case-insensitively. */
export function normalizeEventCode(code: string): string {
  return code.trim().toUpperCase();
}
