import { eventAttendeesData } from '@floorfill/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';
import { boothKeys } from './booth-keys';

/** Request counts change with every request; joins and leaves refresh at once. */
const ATTENDEES_REFRESH_MS = 30_000;

/**
 * Who joined the host's event, newest first. The host's room hears
 * `attendee:joined` / `attendee:left`; either refreshes the list.
 */
export function useEventAttendees(eventId: number) {
  const queryClient = useQueryClient();
  const refresh = (push: { eventId: number }) => {
    if (push.eventId !== eventId) return;
    void queryClient.invalidateQueries({ queryKey: boothKeys.attendees(eventId) });
  };
  useSocketEvent('attendee:joined', refresh);
  useSocketEvent('attendee:left', refresh);
  return useQuery({
    queryKey: boothKeys.attendees(eventId),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-event-attendees', {
          query: { event_id: eventId },
          schema: eventAttendeesData,
          signal,
        })
      ).data.attendees,
    refetchInterval: ATTENDEES_REFRESH_MS,
  });
}
