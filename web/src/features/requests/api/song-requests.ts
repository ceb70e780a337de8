import {
  cancelSongRequestData,
  sendSongRequestData,
  type AttendeeEventDetails,
} from '@floorfill/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withOwnRequest, withoutOwnRequest } from '../utils/own-requests';
import { toSendSongRequestBody, type SongRequestPayload } from '../utils/song-request-payload';

export function sendSongRequest(payload: SongRequestPayload) {
  return api.post('/api/v1/send-song-request', {
    body: toSendSongRequestBody(payload),
    schema: sendSongRequestData,
  });
}

export interface CancelSongRequestInput {
  eventId: number;
  songId: string;
}

/** Cancelling removes the caller's request (spec §4); the song stays queued for other requesters. */
export function cancelSongRequest({ eventId, songId }: CancelSongRequestInput) {
  return api.post('/api/v1/cancel-song-request', {
    body: { event_id: eventId, song_id: songId },
    schema: cancelSongRequestData,
  });
}

/**
 * The answer updates the event page at once. The page owns its snapshot and
 * says where it is cached (`detailsKey`), so this feature needs nothing of
 * the page's. A snapshot fetch already under way may have been read before
 * this write, so it is asked again; the room's pushes bring the counts.
 */
function useUpdateDetails(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return (change: (details: AttendeeEventDetails) => AttendeeEventDetails) => {
    const raced = queryClient.isFetching({ queryKey, exact: true }) > 0;
    queryClient.setQueryData<AttendeeEventDetails>(queryKey, (old) => (old ? change(old) : old));
    if (raced) void queryClient.invalidateQueries({ queryKey, exact: true });
  };
}

export function useSendSongRequest(detailsKey: QueryKey) {
  const update = useUpdateDetails(detailsKey);
  return useMutation({
    mutationFn: sendSongRequest,
    onSuccess: ({ data }) => update((details) => withOwnRequest(details, data.song_request)),
  });
}

export function useCancelSongRequest(detailsKey: QueryKey) {
  const update = useUpdateDetails(detailsKey);
  return useMutation({
    mutationFn: cancelSongRequest,
    onSuccess: (_answer, { songId }) => update((details) => withoutOwnRequest(details, songId)),
  });
}
