import type { EventStats } from '@floorfill/shared';
import type { DbOrTrx } from '../infra/db.ts';
import type { EntryRow } from './queue-columns.ts';
import { setNowPlaying } from './queue-event.repository.ts';
import type { SongChange } from './queue-pushes.ts';
import { toGroupedSong } from './queue-shapes.ts';
import { listRejected } from './rejected-songs.repository.ts';

/** What a committed write tells the watchers: the counts, the songs' entries, the now-playing pointer. */

/** An event's counters as the pushes and answers carry them. */
export function statsOf(counters: { joined_count: number; request_count: number }): EventStats {
  return { joined: counters.joined_count, requests: counters.request_count };
}

/** The entries of some songs after a write, with the songs that left the queue as removals. */
export function songChanges(
  songIds: Iterable<string>,
  entries: readonly EntryRow[],
  audience: SongChange['audience'],
): SongChange[] {
  const bySong = new Map(entries.map((entry) => [entry.song_id, toGroupedSong(entry)]));
  return [...new Set(songIds)].map((songId) => ({
    songId,
    grouped: bySong.get(songId) ?? null,
    audience,
  }));
}

/** Entries as the host's queue shows them: a rejected song's stays out (a removal). */
export async function shownEntries(
  reader: DbOrTrx,
  eventId: number,
  entries: readonly EntryRow[],
): Promise<EntryRow[]> {
  if (entries.length === 0) return [];
  const rejected = await listRejected(
    reader,
    eventId,
    entries.map((entry) => entry.song_id),
  );
  return entries.filter((entry) => !rejected.has(entry.song_id));
}

/**
 * After a write took requests away: when the now-playing song lost its
 * last one (its entry is gone), nothing plays any more. Answers the
 * pointer's change for the pushes (undefined: it did not move).
 */
export async function stopIfGone(
  trx: DbOrTrx,
  event: { id: number; now_playing_song_id: string | null },
  songIds: readonly string[],
  entries: readonly EntryRow[],
): Promise<null | undefined> {
  const playing = event.now_playing_song_id;
  if (playing === null || !songIds.includes(playing)) return undefined;
  if (entries.some((entry) => entry.song_id === playing)) return undefined;
  await setNowPlaying(trx, event.id, null);
  return null;
}
