import { distance } from 'fastest-levenshtein';

/**
 * Which queued song a track the decks played is. Titles reach the decks in
 * many spellings — "Titanium (feat. Sia) [Extended Mix]", "Don't Stop Me Now
 * - Remastered 2011", "Beyonce" for "Beyoncé" — and a guest asked for the
 * song, not the edit: so both sides are reduced to the song's core (accents,
 * case, punctuation, featured artists and edit or remaster labels set
 * aside), then compared by edit distance. A track matches when its title is
 * nearly the same and one of its artists is nearly one of the request's; a
 * track that came without an artist matches only a title that is the same
 * and the only one in the queue.
 */

export interface SongText {
  artist: string;
  title: string;
}

/** How alike two cores must be (1 − edit distance / longer length); measured on the table in the tests. */
export const TITLE_THRESHOLD = 0.85;
export const ARTIST_THRESHOLD = 0.7;

/** Labels of an edit, not of a song: a bracket or a " - …" tail holding one is set aside. */
const EDIT_WORDS =
  /\b(?:remaster(?:ed)?|re-?master|mix|edit|version|remix|live|radio|extended|mono|stereo|single|bonus|demo|acoustic|instrumental|vip|bootleg|rework|club|dub|original|clean|explicit|dirty|intro|outro|mixed|feat|ft|featuring|\d{4})\b/;
const FEATURING = /\s+(?:feat\.?|ft\.?|featuring)\s+.*$/;
const ARTIST_SEPARATORS =
  /\s*(?:,|;|&|\band\b|\bfeat\.?|\bft\.?|\bfeaturing\b|\bx\b|\bvs\.?|\bwith\b)\s*/;

function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'");
}

function tidy(text: string): string {
  return text
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the\s+/, '');
}

/** A title's core without any bracket: "(Who Loves Me)" and "(I Can't Get No)" are often left off. */
function bareCore(title: string): string {
  return tidy(
    plain(title)
      .replace(/\s*[([][^)\]]*[)\]]/g, ' ')
      .replace(FEATURING, ''),
  );
}

function titleLikeness(a: string, b: string): number {
  return Math.max(likeness(titleCore(a), titleCore(b)), likeness(bareCore(a), bareCore(b)));
}

/** A title's core: the song's name without its edit, remaster or featured artists. */
export function titleCore(title: string): string {
  let text = plain(title);
  // Brackets: an edit's label or a featured artist goes; a bracket that is part of the name stays.
  text = text.replace(/\s*[([]([^)\]]*)[)\]]/g, (whole, inside: string) =>
    EDIT_WORDS.test(inside) ? ' ' : ` ${inside} `,
  );
  // " - Remastered 2011", " - Radio Edit", " – Live at Wembley"
  text = text.replace(/\s+[-–—]\s+(.*)$/, (whole, tail: string) =>
    EDIT_WORDS.test(tail) ? '' : whole,
  );
  text = text.replace(FEATURING, '');
  return tidy(text);
}

/** The artists named in an artist field, each as a core. */
export function artistCores(artist: string): string[] {
  const text = plain(artist);
  const whole = tidy(text);
  const names = text
    .split(ARTIST_SEPARATORS)
    .map(tidy)
    .filter((name) => name.length > 0);
  return [...new Set([whole, ...names].filter((name) => name.length > 0))];
}

/** 1 for the same text, 0 for nothing alike. */
export function likeness(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - distance(a, b) / longer;
}

const FEATURED_IN_TITLE = /(?:\bfeat\.?|\bft\.?|\bfeaturing\b)\s+([^)\]]+)/i;

/** The artists of a song: its artist field's names and the ones its title features ("(feat. Sia)"). */
export function songArtists(song: SongText): string[] {
  const featured = FEATURED_IN_TITLE.exec(song.title)?.[1];
  return featured
    ? [...artistCores(song.artist), ...artistCores(featured)]
    : artistCores(song.artist);
}

function artistLikeness(played: string[], wanted: string[]): number {
  let best = 0;
  for (const a of played) for (const b of wanted) best = Math.max(best, likeness(a, b));
  return best;
}

export interface Match<T> {
  candidate: T;
  score: number;
}

/**
 * The candidate the played track is, or null. Candidates come in queue
 * order; of two equally good, the first wins.
 */
export function matchPlayedTrack<T extends SongText>(
  played: SongText,
  candidates: readonly T[],
): Match<T> | null {
  if (!titleCore(played.title)) return null;
  const artists = played.artist.trim() ? songArtists(played) : [];
  let best: Match<T> | null = null;
  let sameTitle = 0;
  for (const candidate of candidates) {
    const titleScore = titleLikeness(played.title, candidate.title);
    if (titleScore < TITLE_THRESHOLD) continue;
    let score: number;
    if (artists.length === 0) {
      if (titleScore < 1) continue;
      sameTitle += 1;
      score = titleScore;
    } else {
      const artistScore = artistLikeness(artists, songArtists(candidate));
      if (artistScore < ARTIST_THRESHOLD) continue;
      score = 0.65 * titleScore + 0.35 * artistScore;
    }
    if (!best || score > best.score) best = { candidate, score };
  }
  // A title alone names one song only when the queue holds just one of that title.
  if (artists.length === 0 && sameTitle > 1) return null;
  return best;
}
