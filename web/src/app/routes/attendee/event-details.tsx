import { ROLE } from '@floorfill/shared';
import { useParams } from 'react-router-dom';
import { AttendeeEventDetails } from '@/features/attendance/components/attendee-event-details';
import { useSessionStore } from '@/features/auth/stores/session-store';

export function AttendeeEventDetailsRoute() {
  const { eventId = '' } = useParams();
  const userId = useSessionStore((state) => state.userId);
  const isGuest = useSessionStore((state) => state.role === ROLE.guest);
  const id = /^\d{1,10}$/.test(eventId) ? Number(eventId) : NaN;
  if (userId === null) return null;
  return <AttendeeEventDetails key={eventId} eventId={id} userId={userId} isGuest={isGuest} />;
}
