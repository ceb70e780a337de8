import {
  compareQueueEntries,
  LINE_SIZE,
  POPULAR_SIZE,
  type EventLine,
  type LineSong,
  type PopularSong,
} from '@floorfill/shared';
import type { DbOrTrx } from '../infra/db.ts';
import { listLine, type LineRow } from './queue-reports.repository.ts';

/**
 * The line (issue 15): the room's view of the queue — the first LINE_SIZE
 * waiting songs, each as id, length and count, and the most requested few
 * with their titles. Read in one statement after a write committed (never
 * inside one), so building it adds nothing to the write path.
 */

type WaitingRow = LineRow & {
  song_id: string;
  song_name: string;
  album_name: string;
  song_duration: number;
  request_count: number;
  later: boolean;
  turn: number;
  held: boolean;
  boost_cents: number;
  first_requested_at: Date;
};

function isSong(row: LineRow): row is WaitingRow {
  return row.song_id !== null;
}

/** What the shared queue order looks at, for a waiting song. */
function orderFields(row: WaitingRow) {
  return {
    status: 0 as const,
    request_count: row.request_count,
    first_requested_at: row.first_requested_at.toISOString(),
    song_id: row.song_id,
    later: row.later,
    turn: row.turn,
    boost_cents: row.boost_cents,
  };
}

function popularSong(row: WaitingRow): PopularSong {
  return {
    song_id: row.song_id,
    song_name: row.song_name,
    song_artist: row.song_artist,
    album_name: row.album_name,
    song_image: row.song_image,
    song_duration: row.song_duration,
    request_count: row.request_count,
  };
}

/** The event's line, or null for a missing or deleted event. */
export async function readEventLine(db: DbOrTrx, eventId: number): Promise<EventLine | null> {
  // One more than listed tells whether more wait.
  const rows = await listLine(db, eventId, LINE_SIZE + 1);
  const first = rows[0];
  if (!first) return null;
  // The statement sorts as the shared order does; the comparator has the last word.
  const waiting = rows
    .filter(isSong)
    .map((row) => ({ row, order: orderFields(row) }))
    .sort((a, b) => compareQueueEntries(a.order, b.order, first.queue_order, first.boost_order))
    .map(({ row }) => row);
  const listed = waiting.slice(0, LINE_SIZE);
  return {
    seq: Number(first.seq),
    songs: listed.map((row): LineSong => [row.song_id, row.song_duration, row.request_count]),
    more: waiting.length > LINE_SIZE,
    // Popular is by count whatever the queue's order (a stable sort keeps the line's among equals).
    // A song whose words wait for the host is not offered to the room by name.
    popular: listed
      .filter((row) => !row.later && !row.held)
      .sort((a, b) => b.request_count - a.request_count)
      .slice(0, POPULAR_SIZE)
      .map(popularSong),
  };
}
