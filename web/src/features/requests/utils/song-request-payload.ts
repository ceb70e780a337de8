import {
  DEFAULT_ALBUM_NAME,
  DEFAULT_SONG_DURATION,
  type CatalogSong,
  type SendSongRequestBody,
} from '@floorfill/shared';

/** The song request as the client forms it (spec §3 "Song request client payload"). */
export interface SongRequestPayload {
  eventId: number;
  attendeeId: number;
  songId: string;
  songName: string;
  songImage: string | null;
  /** The spec's client sends no link. */
  songLink: null;
  songDuration: number;
  album_name: string;
  songArtist: string;
  /** A dedication for the DJ, or null; only the host and the sender see it. */
  message: string | null;
  /** The music service's explicit mark (the server checks it against the event's controls). */
  explicit: boolean;
}

/** What a request needs of a song: a search result, or a song of the room's line (no artist, no explicit mark). */
export type RequestableSong = Pick<
  CatalogSong,
  'song_id' | 'song_name' | 'song_image' | 'song_duration' | 'album_name' | 'explicit'
> & { song_artist: string | null };

/** A song picked on the event page, with the spec's defaults filled in. */
export function songRequestPayload(
  song: RequestableSong,
  eventId: number,
  attendeeId: number,
  message: string | null = null,
): SongRequestPayload {
  return {
    eventId,
    attendeeId,
    songId: song.song_id,
    songName: song.song_name,
    songImage: song.song_image,
    songLink: null,
    songDuration: song.song_duration || DEFAULT_SONG_DURATION,
    album_name: song.album_name.trim() || DEFAULT_ALBUM_NAME,
    songArtist: song.song_artist ?? '',
    message: message?.trim() || null,
    explicit: song.explicit,
  };
}

/** What send-song-request takes: the snake_case names of spec §7. */
type SendSongRequestWire = Omit<
  { [K in keyof SendSongRequestBody]: SendSongRequestBody[K] | null },
  'attendee_name'
>;

/** The wire body; `clientRequestId` is the request's idempotency key, the same on every try. */
export function toSendSongRequestBody(
  payload: SongRequestPayload,
  clientRequestId: string | null = null,
): SendSongRequestWire {
  return {
    event_id: payload.eventId,
    attendee_id: payload.attendeeId,
    song_id: payload.songId,
    song_name: payload.songName,
    song_image: payload.songImage,
    song_link: payload.songLink,
    song_duration: payload.songDuration,
    album_name: payload.album_name,
    song_artist: payload.songArtist,
    message: payload.message,
    explicit: payload.explicit,
    client_request_id: clientRequestId,
  };
}
