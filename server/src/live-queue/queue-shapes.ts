import {
  isFreeTextSongId,
  type GroupedSongRequest,
  type NowPlaying,
  type SongRequest,
  UNREQUESTED_SONG_ID_PREFIX,
} from '@floorfill/shared';
import type { EntryRow } from './queue-columns.ts';
import type { ListedEntryRow } from './queue-entries.repository.ts';
import type { UnrequestedTrack } from './queue-event.repository.ts';
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
    turn: row.turn,
    boost_cents: row.boost_cents,
    held: row.held,
    free_text: isFreeTextSongId(row.song_id),
  };
}

/** The now-playing song as the contract shows it. */
export function toNowPlaying(row: EntryRow, startedAt: Date): NowPlaying {
  return { ...toGroupedSong(row), started_at: startedAt.toISOString(), requested: true };
}

/** The id of the unrequested track that started at a moment: one per start, never a request's. */
export function unrequestedSongId(startedAt: Date): string {
  return `${UNREQUESTED_SONG_ID_PREFIX}${startedAt.getTime()}`;
}

/** A track the decks play that nobody requested, as the contract's now playing (no count, no artwork). */
export function toUnrequestedNowPlaying(
  eventId: number,
  track: UnrequestedTrack,
  startedAt: Date,
): NowPlaying {
  const started = startedAt.toISOString();
  return {
    event_id: eventId,
    song_id: unrequestedSongId(startedAt),
    song_name: track.title,
    song_artist: track.artist,
    album_name: '',
    song_image: null,
    song_link: null,
    song_duration: 0,
    status: 0,
    request_count: 0,
    first_requested_at: started,
    played_at: null,
    later: false,
    dedication_count: 0,
    turn: 1,
    boost_cents: 0,
    held: false,
    free_text: false,
    started_at: started,
    requested: false,
  };
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
