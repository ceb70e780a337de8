import type { GroupedSongRequest } from './events.ts';

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
}

/**
 * A grouped queue with a delta's songs applied, in the queue order: each
 * changed song replaces its entry (or joins the queue), each removed one
 * leaves it. The server's next snapshot would show the same list.
 */
export function applyQueueChanges(
  queue: readonly GroupedSongRequest[],
  changes: QueueChanges,
): GroupedSongRequest[] {
  const replaced = new Set([...changes.removed, ...changes.upserted.map((song) => song.song_id)]);
  return [...queue.filter((song) => !replaced.has(song.song_id)), ...changes.upserted].sort(
    compareQueueEntries,
  );
}
