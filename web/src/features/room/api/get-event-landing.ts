import { eventLandingSchema, eventLandingUrl, type EventLanding } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, refetchOnMountUnlessFromPage, takeAnswerInPage } from '@/lib/api-client';

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

/**
 * The landing's lookup. Opened from the landing's own page, which carries the
 * event (server/src/http/page-answers.ts), it draws the event in its first
 * render, without fetching it again; an unknown code is left for the fetch,
 * which reads the page's answer as the server gave it.
 */
export function useEventLanding(code: string) {
  return useQuery({
    queryKey: ['room', 'landing', code.toUpperCase()],
    queryFn: () => getEventLanding(code),
    initialData: (): LandingLookup | undefined => {
      const event = takeAnswerInPage(eventLandingUrl(code), { schema: eventLandingSchema });
      return event ? { kind: 'event', event } : undefined;
    },
    refetchOnMount: refetchOnMountUnlessFromPage,
  });
}
