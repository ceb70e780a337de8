import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { dropRequest, useKeptRequests } from '../api/request-outbox';
import { useCancelSongRequest } from '../api/song-requests';

interface CancelFromResultsInput {
  eventId: number;
  attendeeId: number;
  detailsKey: QueryKey;
  /** Song ids the guest already requested here. */
  requested: ReadonlySet<string>;
}

/** A song whose Cancel was tapped, waiting for the guest to confirm. */
export interface CancelAsked {
  songId: string;
  name: string;
}

/**
 * Cancel from the search's results, after a confirm. Songs kept on the phone
 * until it is back online count as requested: their Cancel drops them from
 * the outbox; any other goes to the server.
 */
export function useCancelFromResults({
  eventId,
  attendeeId,
  detailsKey,
  requested,
}: CancelFromResultsInput) {
  const cancel = useCancelSongRequest(detailsKey);
  const kept = useKeptRequests(attendeeId, eventId);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CancelAsked | null>(null);

  function isRequested(songId: string): boolean {
    return requested.has(songId) || kept.some((request) => request.payload.songId === songId);
  }

  function cancelRequest(songId: string) {
    setConfirming(null);
    const waiting = kept.find((request) => request.payload.songId === songId);
    if (waiting) {
      dropRequest(waiting.key);
      return;
    }
    setCancelling(songId);
    cancel.mutate(
      { eventId, songId },
      {
        onSuccess: ({ msg }) => notifySuccess(msg),
        onError: (error) => notifyError(errorMessageOf(error)),
        onSettled: () => setCancelling(null),
      },
    );
  }

  return {
    isRequested,
    /** The song whose cancel is on its way to the server. */
    cancelling,
    confirming,
    ask: setConfirming,
    confirm: () => {
      if (confirming) cancelRequest(confirming.songId);
    },
    dismiss: () => setConfirming(null),
  };
}
