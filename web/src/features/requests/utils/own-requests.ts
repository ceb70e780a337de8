import type { AttendeeEventDetails, SongRequest } from '@floorfill/shared';

/** The attendee page's snapshot after their own send or cancel answered. */

export function withOwnRequest(
  details: AttendeeEventDetails,
  request: SongRequest,
): AttendeeEventDetails {
  const others = details.song_requests.filter((own) => own.song_id !== request.song_id);
  return { ...details, song_requests: [...others, request] };
}

export function withoutOwnRequest(
  details: AttendeeEventDetails,
  songId: string,
): AttendeeEventDetails {
  return {
    ...details,
    song_requests: details.song_requests.filter((own) => own.song_id !== songId),
  };
}

/** The song ids the attendee asked for, so a search result can offer Cancel instead of Request. */
export function requestedSongIds(requests: readonly SongRequest[]): ReadonlySet<string> {
  return new Set(requests.map((request) => request.song_id));
}
