import { EVENT_DETAILS_POLL_MS, displayStateSchema } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, isRefused } from '@/lib/api-client';

export const displayKeys = {
  state: (code: string) => ['display', code] as const,
};

/**
 * When the screen asks again after `error`: a wrong code never (each try
 * spends the code-guessing budget); a refusal when its wait is over, not
 * sooner; anything else on the usual poll.
 */
function nextPollMs(error: unknown): number | false {
  if (!isApiError(error)) return EVENT_DETAILS_POLL_MS;
  if (error.httpStatus === 404) return false;
  if (isRefused(error) && error.retryAfterSeconds !== null) {
    return Math.max(EVENT_DETAILS_POLL_MS, error.retryAfterSeconds * 1000);
  }
  return EVENT_DETAILS_POLL_MS;
}

/**
 * The big screen's state by event code (no session needed). Pushes keep it
 * fresh while the socket is up; without one it is polled every 5 s.
 */
export function useDisplayState(code: string, live: boolean) {
  return useQuery({
    queryKey: displayKeys.state(code),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-display', {
          query: { code },
          schema: displayStateSchema,
          signal,
        })
      ).data,
    refetchInterval: (query) => (live ? false : nextPollMs(query.state.error)),
    retry: false,
  });
}
