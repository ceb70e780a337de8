import { attendeeEventDetailsSchema } from '@floorfill/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, refetchOnMountUnlessFromPage, takeAnswerInPage } from '@/lib/api-client';
import { attendanceKeys } from './attendance-keys';

const DETAILS_PATH = '/api/v1/get-attendee-event-details';

export function isEventId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * The attendee's (or guest's) view of one event: whether they joined, their
 * own requests, the host, and the seq the live room resyncs from. The live
 * room around the page (`LiveEventRoom`) polls it at its pace.
 *
 * Opened from a page that carries this answer (server/src/http/page-answers.ts),
 * the cache starts with it, so the page draws the event in its first render,
 * and mounting does not fetch it again: the answer is as fresh as that fetch
 * would be, the room catches up from its seq once subscribed, and the poll
 * goes on as ever.
 */
export function attendeeEventDetailsQuery(eventId: number) {
  return queryOptions({
    queryKey: attendanceKeys.details(eventId),
    queryFn: async ({ signal }) =>
      (
        await api.get(DETAILS_PATH, {
          query: { id: eventId },
          schema: attendeeEventDetailsSchema,
          signal,
        })
      ).data,
    initialData: () =>
      takeAnswerInPage(DETAILS_PATH, {
        query: { id: eventId },
        schema: attendeeEventDetailsSchema,
      }),
    refetchOnMount: refetchOnMountUnlessFromPage,
    enabled: isEventId(eventId),
  });
}

export function useAttendeeEventDetails(eventId: number) {
  return useQuery(attendeeEventDetailsQuery(eventId));
}
