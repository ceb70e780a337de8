import { attendeeEventDetailsSchema } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { answerInPage, api } from '@/lib/api-client';
import { attendanceKeys } from './attendance-keys';

const DETAILS_PATH = '/api/v1/get-attendee-event-details';

export function isEventId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * The attendee's (or guest's) view of one event: whether they joined, their
 * own requests, the host, and the seq the live room resyncs from. The live
 * room decides how often it is polled. Opened from a page that carries this
 * answer (server/src/http/page-answers.ts), the cache starts with it, so the
 * page draws the event in its first render; the query's first fetch still
 * takes that same answer instead of asking the network.
 */
export function useAttendeeEventDetails(eventId: number, pollInterval: number) {
  return useQuery({
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
      answerInPage(DETAILS_PATH, { query: { id: eventId }, schema: attendeeEventDetailsSchema }),
    refetchInterval: pollInterval,
    enabled: isEventId(eventId),
  });
}
