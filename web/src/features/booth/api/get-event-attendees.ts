import { eventAttendeesData } from '@floorfill/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';
import { boothKeys } from './booth-keys';

/** The list is asked again at least this often, whatever the pushes. */
const ATTENDEES_REFRESH_MS = 30_000;

/** A busy night's requests refresh the list at most this often. */
export const ATTENDEES_COUNTS_EVERY_MS = 1000;

/**
 * Who joined the host's event, newest first. The host's room hears
 * `attendee:joined` / `attendee:left`, which refresh the list at once, and
 * every change of the queue (`request:upserted` / `request:removed`), which
 * moves someone's request count: those refresh it at most once a second.
 */
export function useEventAttendees(eventId: number) {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: boothKeys.attendees(eventId) });
  const refresh = (push: { eventId: number }) => {
    if (push.eventId === eventId) refetch();
  };
  const countsMoved = (push: { eventId: number }) => {
    if (push.eventId !== eventId || pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      refetch();
    }, ATTENDEES_COUNTS_EVERY_MS);
  };
  useSocketEvent('attendee:joined', refresh);
  useSocketEvent('attendee:left', refresh);
  useSocketEvent('request:upserted', countsMoved);
  useSocketEvent('request:removed', countsMoved);
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
