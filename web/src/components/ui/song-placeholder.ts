/**
 * The stand-in for a song with no artwork (or whose image fails to load):
 * the initials of its title on a colour picked from the song's id, the same
 * on every screen and every visit, with nothing fetched from anywhere.
 */

/**
 * Deep shades only: white initials keep 4.5:1 or more on each, in the light
 * and the dark scheme alike (orange, yellow, lime and green at shade 9 do not).
 */
export const PLACEHOLDER_COLORS = [
  'brand.9',
  'grape.9',
  'violet.9',
  'indigo.9',
  'blue.9',
  'cyan.9',
  'teal.9',
  'red.9',
  'pink.9',
] as const;

/** FNV-1a: a small, stable hash, so a song keeps its colour everywhere. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

export function placeholderColor(songKey: string): (typeof PLACEHOLDER_COLORS)[number] {
  return PLACEHOLDER_COLORS[hash(songKey) % PLACEHOLDER_COLORS.length] ?? PLACEHOLDER_COLORS[0];
}

/**
 * Up to two letters: the first letter (or digit) of the title's first two
 * words, "Bohemian Rhapsody" → "BR", "99 Luftballons" → "9L", "Hello" → "H".
 * A leading article is skipped when more words follow ("The Less I Know
 * the Better" → "LI"). Empty when the title has no letter or digit.
 */
export function songInitials(title: string): string {
  const words = title.match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? [];
  const meaningful =
    words.length > 2 && /^(the|a|an)$/i.test(words[0] ?? '') ? words.slice(1) : words;
  return meaningful
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toLocaleUpperCase();
}
