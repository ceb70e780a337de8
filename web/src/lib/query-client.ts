import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** A 4xx will not change on retry; only network and server failures are worth a second try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.httpStatus >= 400 && error.httpStatus < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
