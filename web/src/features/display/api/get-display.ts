import { EVENT_DETAILS_POLL_MS, displayStateSchema } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export const displayKeys = {
  state: (code: string) => ['display', code] as const,
};

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
    // A wrong code is not asked again: each try spends the address's code-guessing budget.
    refetchInterval: (query) =>
      live || (isApiError(query.state.error) && query.state.error.httpStatus === 404)
        ? false
        : EVENT_DETAILS_POLL_MS,
    retry: false,
  });
}
