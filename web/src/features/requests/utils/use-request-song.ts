import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { useSendSongRequest } from '../api/song-requests';
import { alertsAfterFirstRequest } from './alerts-after-first-request';
import type { SongRequestPayload } from './song-request-payload';

export interface RequestSongOptions {
  /** Where the page caches its event details; the answer updates them there. */
  detailsKey: QueryKey;
  /** The guest has asked for nothing yet: this request is their first. */
  firstRequest: boolean;
}

/**
 * One tap sends a song (the search's Request, the popular songs' +1), with
 * the answer's toast: sent, or kept on the phone until it is back online. After the guest's first request the browser asks,
 * once, whether the page may notify them about their song, and once allowed
 * the phone's alerts are turned on for the event (`alertsAfterFirstRequest`):
 * while the tap still counts as theirs, which browsers require for the question.
 */
export function useRequestSong({ detailsKey, firstRequest }: RequestSongOptions) {
  const send = useSendSongRequest(detailsKey);
  const [busySongId, setBusySongId] = useState<string | null>(null);

  function request(payload: SongRequestPayload, onSent?: () => void): void {
    setBusySongId(payload.songId);
    send.mutate(payload, {
      onSuccess: (outcome) => {
        // Kept on the phone until it is back online is not a failure: said calmly, as information.
        if (outcome.kept) notifyInfo(outcome.msg);
        else notifySuccess(outcome.msg);
        onSent?.();
      },
      onError: (error) => notifyError(errorMessageOf(error)),
      onSettled: () => setBusySongId(null),
    });
    if (firstRequest) alertsAfterFirstRequest(payload.attendeeId, payload.eventId);
  }

  return { request, busySongId };
}
