import { songRequestersData, type GroupedSongRequest } from '@floorfill/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { boothKeys } from './booth-keys';

function requestersQuery(eventId: number, song: GroupedSongRequest) {
  return {
    // A new request (the count moves) asks again; otherwise the answer holds.
    queryKey: boothKeys.requesters(eventId, song.song_id, song.request_count),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (
        await api.get('/api/v1/get-song-requesters', {
          query: { event_id: eventId, song_id: song.song_id },
          schema: songRequestersData,
          signal,
        })
      ).data,
    staleTime: Infinity,
  };
}

/** Who asked for each of these songs, with their dedications (the host only). */
export function useSongsRequesters(eventId: number, songs: readonly GroupedSongRequest[]) {
  return useQueries({ queries: songs.map((song) => requestersQuery(eventId, song)) });
}

/** Who asked for one song, fetched when `enabled` (a history row opened). */
export function useSongRequesters(eventId: number, song: GroupedSongRequest, enabled: boolean) {
  return useQuery({ ...requestersQuery(eventId, song), enabled });
}
