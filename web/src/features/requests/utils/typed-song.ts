import { tidySongText } from '@floorfill/shared';
import type { TypedSong } from './song-request-payload';

/** A hyphen or dash with a space on each side, as in "Wonderwall - Oasis" (the text is tidied first). */
const TITLE_ARTIST_SEPARATOR = / [-–—] /g;

/**
 * What the guest typed in the search box, as a song: "Title - Artist" names
 * both (split at the last spaced dash, as titles hold dashes more often than
 * artists do: "Song - Live Version - Band"); anything else is all title.
 */
export function splitTypedSong(text: string): TypedSong {
  const tidy = tidySongText(text);
  const last = [...tidy.matchAll(TITLE_ARTIST_SEPARATOR)].at(-1);
  if (last === undefined) return { title: tidy, artist: null };
  const title = tidy.slice(0, last.index).trim();
  const artist = tidy.slice(last.index + last[0].length).trim();
  if (!title || !artist) return { title: tidy, artist: null };
  return { title, artist };
}
