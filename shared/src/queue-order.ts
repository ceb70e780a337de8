import type { GroupedSongRequest } from './events.ts';
import type { RecountedSong } from './realtime.ts';

/** What the queue order looks at in an entry. */
export type QueueOrderFields = Pick<
  GroupedSongRequest,
  'status' | 'request_count' | 'first_requested_at' | 'song_id'
>;

/**
 * The one queue order, used by the server's snapshots and the web client's
 * live updates alike: songs still waiting before played ones, then the most
 * requested first, then the one asked for earliest; the song id breaks a
 * last tie so that every screen shows the same order.
 */
export function compareQueueEntries(a: QueueOrderFields, b: QueueOrderFields): number {
  return (
    a.status - b.status ||
    b.request_count - a.request_count ||
    a.first_requested_at.localeCompare(b.first_requested_at) ||
    a.song_id.localeCompare(b.song_id)
  );
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
): GroupedSongRequest[] {
  const replaced = new Set([...changes.removed, ...changes.upserted.map((song) => song.song_id)]);
  const counts = new Map(changes.recounted.map((song) => [song.song_id, song]));
  const kept = queue
    .filter((song) => !replaced.has(song.song_id))
    .map((song) => {
      const recounted = counts.get(song.song_id);
      return recounted ? { ...song, ...recounted } : song;
    });
  return [...kept, ...changes.upserted].sort(compareQueueEntries);
}
