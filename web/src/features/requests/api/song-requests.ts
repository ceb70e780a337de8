import {
  cancelSongRequestData,
  sendSongRequestData,
  type AttendeeEventDetails,
  type SendSongRequestData,
} from '@floorfill/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import {
  api,
  isApiError,
  isConnectionLost,
  type ApiError,
  type ApiResponse,
} from '@/lib/api-client';
import { withOwnRequest, withoutOwnRequest } from '../utils/own-requests';
import { toSendSongRequestBody, type SongRequestPayload } from '../utils/song-request-payload';
import {
  dropRequest,
  dropStaleRequests,
  keepRequest,
  keptRequestFor,
  keptRequests,
  newClientRequestId,
  type KeptRequest,
} from './request-outbox';

/**
 * How long a send may take before the phone treats the connection as gone and
 * keeps the request (venue Wi-Fi that stalls rather than fails). The server
 * may have taken it: the next try carries the same key and gets its answer.
 */
export const SEND_TIMEOUT_MS = 15_000;

/** While requests are kept and the browser says it is online, they are tried again this often. */
export const OUTBOX_RETRY_MS = 30_000;

/** The guest's words for the outbox. */
export const OUTBOX_MSG = {
  kept: (song: string) => `No connection: “${song}” will send when you're back online.`,
  waiting: "Will send when you're back online",
  sent: (song: string) => `“${song}” was sent to the DJ.`,
} as const;

export function sendSongRequest(payload: SongRequestPayload, clientRequestId: string | null) {
  return api.post('/api/v1/send-song-request', {
    body: toSendSongRequestBody(payload, clientRequestId),
    schema: sendSongRequestData,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
}

/** A refusal the server meant (4xx): sending the same request again cannot change it. */
function isRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.httpStatus >= 400 && error.httpStatus < 500;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** What a send came to: the server's answer, or the request kept on the device for later. */
export type SendOutcome =
  | ({ kept: false } & ApiResponse<SendSongRequestData>)
  | { kept: true; msg: string; request: KeptRequest };

/** Kept requests being sent right now (by a flush or a tap): never two tries of one at once. */
const inFlight = new Set<string>();

/** One try of a kept request with its key; the key is forgotten once the server answered. */
async function sendKept(entry: KeptRequest): Promise<ApiResponse<SendSongRequestData>> {
  inFlight.add(entry.key);
  try {
    const answer = await sendSongRequest(entry.payload, entry.key);
    dropRequest(entry.key);
    return answer;
  } catch (error) {
    if (isRefusal(error)) dropRequest(entry.key);
    throw error;
  } finally {
    inFlight.delete(entry.key);
  }
}

function keptOutcome(request: KeptRequest): SendOutcome {
  return { kept: true, msg: OUTBOX_MSG.kept(request.payload.songName), request };
}

/**
 * Sends a song request with a fresh idempotency key. Offline, or when the
 * send gets no answer, it is kept on the device instead (not an error) and
 * sent later with the same key. A song already kept is tried again now.
 */
export async function sendOrKeep(payload: SongRequestPayload): Promise<SendOutcome> {
  const { attendeeId: userId, eventId, songId } = payload;
  const waiting = keptRequestFor(userId, eventId, songId);
  const entry: KeptRequest = waiting ?? {
    key: newClientRequestId(),
    userId,
    eventId,
    keptAt: Date.now(),
    payload,
  };
  if (isOffline() || inFlight.has(entry.key)) return keptOutcome(keepRequest(entry));
  try {
    const answer = waiting ? await sendKept(waiting) : await sendSongRequest(payload, entry.key);
    return { kept: false, ...answer };
  } catch (error) {
    if (isConnectionLost(error)) return keptOutcome(keepRequest(entry));
    throw error;
  }
}

export interface FlushHandlers {
  /** A kept request went through (201, or the first answer to its key). */
  onSent: (request: KeptRequest, answer: ApiResponse<SendSongRequestData>) => void;
  /** The server refused it (4xx, its message): it is dropped. */
  onRefused: (request: KeptRequest, error: ApiError) => void;
}

/**
 * Sends the user's kept requests for an event, oldest first, one at a time,
 * each with its own key. Stops at the first that gets no answer (still
 * offline); a server error (5xx) leaves that one kept for the next try.
 */
export async function flushKeptRequests(
  userId: number,
  eventId: number,
  handlers: FlushHandlers,
): Promise<void> {
  dropStaleRequests();
  if (isOffline()) return;
  for (const entry of keptRequests(userId, eventId)) {
    if (inFlight.has(entry.key)) continue;
    try {
      handlers.onSent(entry, await sendKept(entry));
    } catch (error) {
      if (isConnectionLost(error)) return;
      if (isRefusal(error)) handlers.onRefused(entry, error);
    }
  }
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
 * this write, so it is asked again; the room's pushes bring the counts. With
 * `askAgain` the snapshot is asked again whatever is under way: a kept
 * request goes out as the page comes back online, just when the page is
 * asking for its snapshot too, and a snapshot read before the request was
 * written could otherwise land after this update or find nothing to update.
 */
function useUpdateDetails(queryKey: QueryKey, { askAgain = false } = {}) {
  const queryClient = useQueryClient();
  return (change: (details: AttendeeEventDetails) => AttendeeEventDetails) => {
    const raced = askAgain || queryClient.isFetching({ queryKey, exact: true }) > 0;
    queryClient.setQueryData<AttendeeEventDetails>(queryKey, (old) => (old ? change(old) : old));
    if (raced) void queryClient.invalidateQueries({ queryKey, exact: true });
  };
}

/**
 * Sends a song request, or keeps it on the device while there is no
 * connection (`kept: true`; the outbox sends it later, see `useRequestOutbox`).
 */
export function useSendSongRequest(detailsKey: QueryKey) {
  const update = useUpdateDetails(detailsKey);
  return useMutation({
    mutationFn: sendOrKeep,
    // React Query holds a mutation back while the browser is offline; this one keeps the
    // request itself then, and must answer at once.
    networkMode: 'always',
    onSuccess: (outcome) => {
      if (!outcome.kept) update((details) => withOwnRequest(details, outcome.data.song_request));
    },
  });
}

export function useCancelSongRequest(detailsKey: QueryKey) {
  const update = useUpdateDetails(detailsKey);
  return useMutation({
    mutationFn: cancelSongRequest,
    onSuccess: (_answer, { songId }) => update((details) => withoutOwnRequest(details, songId)),
  });
}

export interface RequestOutboxOptions extends Partial<FlushHandlers> {
  userId: number;
  eventId: number;
  /** Where the page caches its event details; a sent request updates them there. */
  detailsKey: QueryKey;
  /** The event's live connection is up: its coming back is a moment to send. */
  live: boolean;
}

/**
 * Sends the user's kept requests for the event when there is a chance they
 * go through: when the page loads, when the browser is back online, when the
 * live connection comes back, and every OUTBOX_RETRY_MS while any is kept.
 * A sent one updates the page's details as a normal send does.
 */
export function useRequestOutbox({
  userId,
  eventId,
  detailsKey,
  live,
  onSent,
  onRefused,
}: RequestOutboxOptions): void {
  const update = useUpdateDetails(detailsKey, { askAgain: true });
  const flush = useEffectEvent(() => {
    void flushKeptRequests(userId, eventId, {
      onSent: (request, answer) => {
        update((details) => withOwnRequest(details, answer.data.song_request));
        onSent?.(request, answer);
      },
      onRefused: (request, error) => onRefused?.(request, error),
    });
  });

  // The page loaded (or another event's page became this one).
  useEffect(() => flush(), [userId, eventId]);

  useEffect(() => {
    if (live) flush();
  }, [live]);

  useEffect(() => {
    const onOnline = () => flush();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => {
      if (keptRequests(userId, eventId).length > 0) flush();
    }, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [userId, eventId]);
}
