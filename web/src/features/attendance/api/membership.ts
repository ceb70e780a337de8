import { joinEventData, leaveEventData, type AttendeeEventDetails } from '@floorfill/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './attendance-keys';

/** join-event by the typed or scanned code; `data.id` is the event joined (spec §7). */
export function joinEvent(eventCode: string) {
  return api.post('/api/v1/join-event', {
    body: { event_code: eventCode.trim() },
    schema: joinEventData,
  });
}

/** leave-event (our call; the spec leaves its path open). The server drops unplayed requests. */
export function leaveEvent(eventId: number) {
  return api.post('/api/v1/leave-event', { body: { event_id: eventId }, schema: leaveEventData });
}

/** Joining or leaving changes the joined list and the event's page: both refetch. */
function useRefreshAttendance() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
}

export function useJoinEvent() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: joinEvent,
    onSuccess: ({ data: event }) => {
      // The page flips to Joined at once; the refetch brings the new seq.
      queryClient.setQueryData<AttendeeEventDetails>(attendanceKeys.details(event.id), (old) =>
        old ? { ...old, joined: true, enrolled_users_count: event.enrolled_users_count } : old,
      );
      return refresh();
    },
  });
}

export function useLeaveEvent() {
  const refresh = useRefreshAttendance();
  return useMutation({ mutationFn: leaveEvent, onSuccess: () => refresh() });
}
