import {
  isUnrequestedSongId,
  queueOrderOf,
  UP_NEXT_SIZE,
  upNext,
  type GroupedSongRequest,
  type MarkAs,
  type NowPlaying,
  type RequestSettings,
} from '@floorfill/shared';

/** The host's settings that order the queue: their order, and whether boosts move songs. */
export type QueueOrderSettings = Pick<RequestSettings, 'queue_order' | 'boost_order'>;

/** The booth's queue, split as the screen shows it. */
export interface BoothQueue {
  /** The first waiting songs, neither playing nor put off (the shared `upNext`). */
  upNext: GroupedSongRequest[];
  /** Every other waiting song in the shared order; the ones put off with Later last. */
  rest: GroupedSongRequest[];
  /** Up next and the rest, in order: what ↑/↓ move through. */
  selectable: GroupedSongRequest[];
  /** Played songs, the latest first. */
  played: GroupedSongRequest[];
}

/** Whether a song's title or artist contains the search term (case-insensitive). */
export function matchesSearch(song: GroupedSongRequest, term: string): boolean {
  const wanted = term.trim().toLocaleLowerCase();
  if (!wanted) return true;
  return `${song.song_name} ${song.song_artist ?? ''}`.toLocaleLowerCase().includes(wanted);
}

function playedLatestFirst(a: GroupedSongRequest, b: GroupedSongRequest): number {
  return (b.played_at ?? '').localeCompare(a.played_at ?? '');
}

/**
 * Splits the host's queue for the booth: the now-playing song stands on its
 * own, up next is the shared `upNext`, the rest follow in the shared order
 * (Later at the bottom; boosts move songs as the host chose). A search
 * narrows both waiting lists, never the played history.
 */
export function boothQueue(
  queue: readonly GroupedSongRequest[],
  nowPlaying: NowPlaying | null | undefined,
  search: string,
  { queue_order: order, boost_order: boost }: QueueOrderSettings,
): BoothQueue {
  const playingId = nowPlaying?.song_id ?? null;
  const waiting = queue
    .filter((song) => song.status === 0 && song.song_id !== playingId)
    .filter((song) => matchesSearch(song, search))
    .sort(queueOrderOf(order, boost));
  const next = upNext(waiting, playingId, UP_NEXT_SIZE, order, boost);
  const nextIds = new Set(next.map((song) => song.song_id));
  const rest = waiting.filter((song) => !nextIds.has(song.song_id));
  return {
    upNext: next,
    rest,
    selectable: [...next, ...rest],
    played: queue.filter((song) => song.status === 1).sort(playedLatestFirst),
  };
}

/** A booth action the host can take back within the undo window. */
export type BoothAction = 'play' | 'played' | 'later' | 'reject';

/** The mark each booth action sends. */
export const ACTION_MARK: Record<BoothAction, MarkAs> = {
  play: 'playing',
  played: 'played',
  later: 'later',
  reject: 'reject',
};

/** What the booth remembers of an action to undo it. */
export interface DoneAction {
  action: BoothAction;
  song: GroupedSongRequest;
  /** The song playing before the action, if any. */
  previousSongId: string | null;
}

/** How long the last action can be undone. */
export const UNDO_WINDOW_MS = 10_000;

/**
 * The marks that take back playing `songId` (by a key or by the decks): it
 * stops and waits again, and the song that played before it, if any, plays again.
 */
export function undoPlayMarks(
  songId: string,
  previousSongId: string | null,
): { songId: string; markAs: MarkAs }[] {
  const marks: { songId: string; markAs: MarkAs }[] = [{ songId, markAs: 'unplayed' }];
  // A track nobody requested cannot be played again by a mark: undo only takes the song back.
  if (previousSongId && previousSongId !== songId && !isUnrequestedSongId(previousSongId)) {
    marks.push({ songId: previousSongId, markAs: 'playing' });
  }
  return marks;
}

/**
 * The marks that take an action back, in order:
 * - Play X (P playing before): X back to waiting, then P playing again.
 * - Played X: X back to waiting, then playing again if it was.
 * - Later X / Reject X: X restored, then playing again if it was.
 */
export function undoMarks({ action, song, previousSongId }: DoneAction): {
  songId: string;
  markAs: MarkAs;
}[] {
  const id = song.song_id;
  const wasPlaying = previousSongId === id;
  if (action === 'play') return undoPlayMarks(id, previousSongId);
  const first: MarkAs = action === 'played' ? 'unplayed' : 'restore';
  const marks: { songId: string; markAs: MarkAs }[] = [{ songId: id, markAs: first }];
  if (wasPlaying) marks.push({ songId: id, markAs: 'playing' });
  return marks;
}

/** What the undo toast says an action did. */
export function actionSummary(action: BoothAction, songName: string): string {
  switch (action) {
    case 'play':
      return `Playing “${songName}”`;
    case 'played':
      return `“${songName}” marked played`;
    case 'later':
      return `“${songName}” moved to later`;
    case 'reject':
      return `“${songName}” rejected`;
  }
}
