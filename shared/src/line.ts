import { z } from 'zod';

/**
 * The line (issue 15): what the room may know of an event's queue, so that
 * each guest's phone can tell where their own songs stand ("#4 in line, in
 * about 12 min") and show what is popular — without the host's queue, which
 * carries who asked and their dedications. One small state for the whole
 * room: the first `LINE_SIZE` waiting songs in the queue order, each as its id,
 * length and request count, with titles and artwork only for the few that
 * "Popular in the room" shows. Never a requester's name, never a dedication.
 */

/** How many waiting songs the line lists; a guest's song further back is "more than 50 songs ahead". */
export const LINE_SIZE = 50;
/** How many songs "Popular in the room" shows (the line's most requested, with titles). */
export const POPULAR_SIZE = 6;
/**
 * The least time between two `event:line` pushes to one event's room: the
 * line moves with every request, and thousands of phones need it every two
 * seconds at most.
 */
export const LINE_INTERVAL_MS = 2000;

/**
 * A song in the line as a tuple, to keep the push small (it goes to every
 * phone in the room): [song id, length in seconds, how many asked for it].
 */
export const lineSongSchema = z.tuple([z.string(), z.number().int(), z.number().int()]);
export type LineSong = z.infer<typeof lineSongSchema>;

/** A popular song: what its card shows, and its count for the +1. */
export const popularSongSchema = z.object({
  song_id: z.string(),
  song_name: z.string(),
  song_artist: z.string().nullable(),
  album_name: z.string(),
  song_image: z.string().nullable(),
  song_duration: z.number().int(),
  request_count: z.number().int(),
});
export type PopularSong = z.infer<typeof popularSongSchema>;

export const eventLineSchema = z.object({
  /**
   * The event's seq when the line was read. The line is state beside the seq
   * (coalesced, never a step in it): a client keeps the newest line it got.
   */
  seq: z.number().int(),
  /**
   * The first LINE_SIZE songs waiting to be played, in the queue order
   * (`compareQueueEntries`), without the song playing now: songs the DJ put
   * off with Later come last, as in the host's queue.
   */
  songs: z.array(lineSongSchema),
  /** More waiting songs follow the ones listed. */
  more: z.boolean(),
  /**
   * The most requested waiting songs, at most POPULAR_SIZE, most requested
   * first (songs put off with Later and the playing one left out): the first
   * of `songs`, with what their cards show.
   */
  popular: z.array(popularSongSchema),
});
export type EventLine = z.infer<typeof eventLineSchema>;

/** Two lines list the same songs in the same order with the same counts (their seqs aside). */
export function sameLine(a: EventLine, b: EventLine): boolean {
  if (a.more !== b.more || a.songs.length !== b.songs.length) return false;
  if (a.popular.length !== b.popular.length) return false;
  const sameSongs = a.songs.every((song, index) => {
    const other = b.songs[index];
    return other !== undefined && song.every((value, field) => value === other[field]);
  });
  const samePopular = a.popular.every((song, index) => {
    const other = b.popular[index];
    return (
      other !== undefined &&
      song.song_id === other.song_id &&
      song.request_count === other.request_count &&
      song.song_name === other.song_name &&
      song.song_image === other.song_image
    );
  });
  return sameSongs && samePopular;
}
