/**
 * Guests' words the room should not see unasked (issue 29). The server's
 * text screen holds a song whose title, artist or album, or a guest whose
 * name, holds a swear word or a slur however disguised (or one of the
 * host's blocked words). The host sees the words and allows them with one
 * key; until then the big screen and other guests' phones see these
 * neutral forms. A guest always sees their own request as they made it.
 */

export const HELD_SONG_NAME = 'A song request';
export const HELD_GUEST_NAME = 'a guest';

interface SongText {
  held: boolean;
  song_name: string;
  song_artist: string | null;
  album_name: string;
}

/** A song as the room may see it: a held one's words replaced by the neutral form. */
export function roomViewOfSong<T extends SongText>(song: T): T {
  return song.held
    ? { ...song, song_name: HELD_SONG_NAME, song_artist: null, album_name: '' }
    : song;
}
