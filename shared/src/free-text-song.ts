import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Free-text requests (issue 15, "Request “…” anyway"): a song the search did
 * not find, sent as the title and artist the guest typed. Its song id is not
 * the client's to choose: it is made from the typed text, so the same song
 * typed by many guests is one entry with a count, and no typed song can pass
 * for a catalog song. Both sides make it with the function below (the phone
 * needs it before the server answers: its offline outbox and its "already
 * requested" marks are keyed by song id); the server's is the one stored.
 */

/** Song ids of typed songs start with this; no search result's ever does. */
export const FREE_TEXT_SONG_ID_PREFIX = 'typed-';

/** Hex digits of the text's SHA-256 the id keeps: 128 bits, no accidental collision in any night. */
const FREE_TEXT_HASH_HEX_DIGITS = 32;

/** Typed text as it is stored and shown: trimmed, every run of white space one space. */
export function tidySongText(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * The form two typings of one song share: tidied, lower case, Unicode
 * composed (an "é" typed as one character or as "e" + accent is the same).
 */
export function normaliseSongText(text: string): string {
  return tidySongText(text).normalize('NFC').toLowerCase();
}

/** The song id of a typed title and artist (no artist: null or ''). */
export function freeTextSongId(title: string, artist: string | null): string {
  const key = JSON.stringify([normaliseSongText(title), normaliseSongText(artist ?? '')]);
  const digest = bytesToHex(sha256(utf8ToBytes(key)));
  return FREE_TEXT_SONG_ID_PREFIX + digest.slice(0, FREE_TEXT_HASH_HEX_DIGITS);
}

/** Is this the id of a typed song (a free-text request)? */
export function isFreeTextSongId(songId: string): boolean {
  return songId.startsWith(FREE_TEXT_SONG_ID_PREFIX);
}
