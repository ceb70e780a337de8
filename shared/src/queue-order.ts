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
