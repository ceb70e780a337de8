import { ROLE } from '@floorfill/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { attendanceKeys } from '@/features/attendance/api/attendance-keys';
import { joinEvent } from '@/features/attendance/api/membership';
import { loginAsGuest } from '@/features/auth/api/login';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { rememberGuestName } from '@/features/room';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { announceAttendeeMode } from './attendee-mode-notice';

export interface Entry {
  code: string;
  asGuest: boolean;
  firstName?: string;
}

/**
 * The one way into an event from a link: as a guest (signs in as guest, then
 * joins, in one go) or as whoever is signed in (a host switches to attendee
 * mode for it, and is told so); then the event's page. The event landing and
 * a host's public page both enter through here.
 */
export function useEventEntry() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enter = useMutation({
    mutationFn: async ({ code, asGuest, firstName = '' }: Entry) => {
      if (asGuest) {
        const { data } = await loginAsGuest(firstName || undefined);
        rememberGuestName(firstName);
        useSessionStore.getState().signIn(data.user, data.role);
      } else {
        const { role, switchRole } = useSessionStore.getState();
        if (role === ROLE.host) {
          switchRole(ROLE.attendee);
          announceAttendeeMode(navigate);
        }
      }
      const { data: event } = await joinEvent(code);
      return event.id;
    },
    onSuccess: async (eventId) => {
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      navigate(paths.attendee.eventDetails.getHref(eventId), { replace: true });
    },
    onError: (error) => notifyError(errorMessageOf(error)),
  });

  return { enter };
}
