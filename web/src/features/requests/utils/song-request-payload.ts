import {
  DEFAULT_ALBUM_NAME,
  DEFAULT_SONG_DURATION,
  freeTextSongId,
  isFreeTextSongId,
  tidySongText,
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
  /**
   * The music service's explicit mark (the server checks it against the
   * event's controls); absent when the page does not know it (a +1 of a
   * song of the room's line), rather than a guess.
   */
  explicit?: boolean;
  /** Typed by the guest ("Request “…” anyway"): the server makes its song id from the words. */
  freeText?: boolean;
}

/** What a request needs of a song: a search result, or a song of the room's line (no explicit mark). */
export type RequestableSong = Pick<
  CatalogSong,
  'song_id' | 'song_name' | 'song_image' | 'song_duration' | 'album_name'
> & { song_artist: string | null; explicit?: boolean };

/**
 * A song picked on the event page, with the spec's defaults filled in. A
 * typed song of the room (a +1 of it) goes as typed again: its words make
 * its id on the server.
 */
export function songRequestPayload(
  song: RequestableSong,
  eventId: number,
  attendeeId: number,
  message: string | null = null,
): SongRequestPayload {
  if (isFreeTextSongId(song.song_id)) {
    return freeTextPayload(
      { title: song.song_name, artist: song.song_artist },
      eventId,
      attendeeId,
      message,
    );
  }
  const payload: SongRequestPayload = {
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
  };
  if (song.explicit !== undefined) payload.explicit = song.explicit;
  return payload;
}

/** A song as the guest typed it: a title, and an artist when they gave one. */
export interface TypedSong {
  title: string;
  artist: string | null;
}

/**
 * A free-text request ("Request “…” anyway"): only the words. Its song id is
 * the one the server will make from them, so the phone knows it at once (the
 * outbox and the "already requested" marks are keyed by song id).
 */
export function freeTextPayload(
  song: TypedSong,
  eventId: number,
  attendeeId: number,
  message: string | null = null,
): SongRequestPayload {
  const title = tidySongText(song.title);
  const artist = song.artist ? tidySongText(song.artist) : '';
  return {
    eventId,
    attendeeId,
    songId: freeTextSongId(title, artist),
    songName: title,
    songImage: null,
    songLink: null,
    songDuration: DEFAULT_SONG_DURATION,
    album_name: DEFAULT_ALBUM_NAME,
    songArtist: artist,
    message: message?.trim() || null,
    freeText: true,
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
    // Unknown is sent as absent (null), never as "not explicit".
    explicit: payload.explicit ?? null,
    free_text: payload.freeText ? true : null,
    client_request_id: clientRequestId,
  };
}
