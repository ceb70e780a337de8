import type { GroupedSongRequest } from './events.ts';
import type { RecountedSong } from './realtime.ts';
import type { BoostOrder } from './boosts.ts';
import type { QueueOrder } from './request-settings.ts';

/** What the queue order looks at in an entry. */
export type QueueOrderFields = Pick<
  GroupedSongRequest,
  'status' | 'request_count' | 'first_requested_at' | 'song_id' | 'later' | 'turn' | 'boost_cents'
>;

/** 0 waiting, 1 waiting but put off with Later, 2 played. */
function band(entry: QueueOrderFields): number {
  if (entry.status === 1) return 2;
  return entry.later ? 1 : 0;
}

const mostRequested = (a: QueueOrderFields, b: QueueOrderFields) =>
  b.request_count - a.request_count;
const earliest = (a: QueueOrderFields, b: QueueOrderFields) =>
  a.first_requested_at.localeCompare(b.first_requested_at);
const mostBoosted = (a: QueueOrderFields, b: QueueOrderFields) => b.boost_cents - a.boost_cents;

/** The host's order before its last tie-break (the earliest asked first, then the id). */
function byHostOrder(a: QueueOrderFields, b: QueueOrderFields, order: QueueOrder): number {
  if (order === 'first_come') return earliest(a, b);
  if (order === 'fair_share') return a.turn - b.turn || mostRequested(a, b);
  return mostRequested(a, b);
}

/**
 * The one queue order, used by the server's snapshots, the line's SQL
 * (`listLine`, which must agree) and the web client's live updates alike:
 * songs still waiting before played ones, the ones the host put off with
 * Later after the other waiting ones, then the host's order
 * (`QUEUE_ORDERS`), with boosts (issue 30) first of all (`orders`) or only
 * between songs the order holds equal (`ties`); then the earliest asked, and
 * the song id breaks a last tie so that every screen shows the same order.
 */
export function compareQueueEntries(
  a: QueueOrderFields,
  b: QueueOrderFields,
  order: QueueOrder,
  boost: BoostOrder = 'off',
): number {
  const byBand = band(a) - band(b);
  if (byBand !== 0) return byBand;
  const byOrder =
    boost === 'orders'
      ? mostBoosted(a, b) || byHostOrder(a, b, order)
      : boost === 'ties'
        ? byHostOrder(a, b, order) || mostBoosted(a, b)
        : byHostOrder(a, b, order);
  return byOrder || earliest(a, b) || a.song_id.localeCompare(b.song_id);
}

/** The comparator of one order, for `Array.prototype.sort`. */
export function queueOrderOf(order: QueueOrder, boost: BoostOrder = 'off') {
  return (a: QueueOrderFields, b: QueueOrderFields) => compareQueueEntries(a, b, order, boost);
}

/** What a reconnect delta changes in a grouped queue (`RoomDelta` without its counts). */
export interface QueueChanges {
  upserted: readonly GroupedSongRequest[];
  removed: readonly string[];
  recounted: readonly RecountedSong[];
}

/** Whether the queue holds every song the changes only recount (else only a snapshot can help). */
export function holdsRecountedSongs(
  queue: readonly GroupedSongRequest[],
  changes: Pick<QueueChanges, 'recounted'>,
): boolean {
  const held = new Set(queue.map((song) => song.song_id));
  return changes.recounted.every((song) => held.has(song.song_id));
}

/**
 * A grouped queue with a delta's songs applied, in the queue order: each
 * changed song replaces its entry (or joins the queue), each recounted one
 * takes its new counts, each removed one leaves it. The server's next
 * snapshot would show the same list. The caller has checked
 * `holdsRecountedSongs`.
 */
export function applyQueueChanges(
  queue: readonly GroupedSongRequest[],
  changes: QueueChanges,
  order: QueueOrder,
  boost: BoostOrder = 'off',
): GroupedSongRequest[] {
  const replaced = new Set([...changes.removed, ...changes.upserted.map((song) => song.song_id)]);
  const counts = new Map(changes.recounted.map((song) => [song.song_id, song]));
  const kept = queue
    .filter((song) => !replaced.has(song.song_id))
    .map((song) => {
      const recounted = counts.get(song.song_id);
      return recounted ? { ...song, ...recounted } : song;
    });
  return [...kept, ...changes.upserted].sort(queueOrderOf(order, boost));
}

/** How many songs "Up next" shows. */
export const UP_NEXT_SIZE = 3;

/**
 * "Up next": the first `n` waiting songs in the queue order, leaving out the
 * now-playing song and the ones put off with Later.
 */
export function upNext<T extends QueueOrderFields>(
  entries: readonly T[],
  nowPlayingSongId: string | null | undefined,
  n: number,
  order: QueueOrder,
  boost: BoostOrder = 'off',
): T[] {
  return entries
    .filter((entry) => entry.status === 0 && !entry.later && entry.song_id !== nowPlayingSongId)
    .sort(queueOrderOf(order, boost))
    .slice(0, n);
}
