import { eventLandingSchema, type EventLanding } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { eventLandingUrl } from './landing-url';

/** What the landing shows: the event, or that no event holds the code. */
export type LandingLookup = { kind: 'event'; event: EventLanding } | { kind: 'unknown' };

/** The public landing of the event holding `code` (no session needed). */
export async function getEventLanding(code: string): Promise<LandingLookup> {
  try {
    const { data } = await api.get(eventLandingUrl(code), { schema: eventLandingSchema });
    return { kind: 'event', event: data };
  } catch (error) {
    if (isApiError(error) && (error.httpStatus === 404 || error.httpStatus === 422)) {
      return { kind: 'unknown' };
    }
    throw error;
  }
}

export function useEventLanding(code: string) {
  return useQuery({
    queryKey: ['room', 'landing', code.toUpperCase()],
    queryFn: () => getEventLanding(code),
  });
}
