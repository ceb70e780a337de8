import {
  isFreeTextSongId,
  type GroupedSongRequest,
  type NowPlaying,
  type SongRequest,
} from '@floorfill/shared';
import type { EntryRow } from './queue-columns.ts';
import type { ListedEntryRow } from './queue-entries.repository.ts';
import type { RequestRow } from './song-requests.repository.ts';

/** The queue's rows as the contract's shapes: a grouped song, the now-playing song, a request. */

/** A time as the answers write it (ISO, UTC, milliseconds); a listed entry's already is. */
function isoText(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}

type SongColumns = Pick<
  GroupedSongRequest,
  | 'song_id'
  | 'song_name'
  | 'song_artist'
  | 'album_name'
  | 'song_image'
  | 'song_link'
  | 'song_duration'
>;

/** The song a request or an entry names, as both contract shapes write it. */
function songOf(row: SongColumns): SongColumns {
  return {
    song_id: row.song_id,
    song_name: row.song_name,
    song_artist: row.song_artist,
    album_name: row.album_name,
    song_image: row.song_image,
    song_link: row.song_link,
    song_duration: row.song_duration,
  };
}

/** An entry as the contract's grouped song: played only once every request of it is. */
export function toGroupedSong(row: EntryRow | ListedEntryRow): GroupedSongRequest {
  const allPlayed = row.unplayed_count === 0;
  return {
    event_id: row.event_id,
    ...songOf(row),
    status: allPlayed ? 1 : 0,
    request_count: row.request_count,
    first_requested_at: isoText(row.first_requested_at),
    played_at: allPlayed && row.last_played_at ? isoText(row.last_played_at) : null,
    later: row.later,
    dedication_count: row.dedication_count,
    free_text: isFreeTextSongId(row.song_id),
  };
}

/** The now-playing song as the contract shows it. */
export function toNowPlaying(row: EntryRow, startedAt: Date): NowPlaying {
  return { ...toGroupedSong(row), started_at: startedAt.toISOString() };
}

export function toSongRequest(row: RequestRow): SongRequest {
  return {
    id: row.id,
    event_id: row.event_id,
    attendee_id: row.attendee_id,
    attendee_name: row.attendee_name,
    ...songOf(row),
    status: row.status,
    message: row.message,
    created_at: row.created_at.toISOString(),
    played_at: row.played_at ? row.played_at.toISOString() : null,
  };
}
