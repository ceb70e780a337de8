import { attendeeEventDetailsSchema } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './attendance-keys';

export function isEventId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * The attendee's (or guest's) view of one event: whether they joined, their
 * own requests, the host, and the seq the live room resyncs from. The live
 * room decides how often it is polled.
 */
export function useAttendeeEventDetails(eventId: number, pollInterval: number) {
  return useQuery({
    queryKey: attendanceKeys.details(eventId),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-attendee-event-details', {
          query: { id: eventId },
          schema: attendeeEventDetailsSchema,
          signal,
        })
      ).data,
    refetchInterval: pollInterval,
    enabled: isEventId(eventId),
  });
}
