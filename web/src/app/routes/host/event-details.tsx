import { useParams } from 'react-router-dom';
import { HostEventDetails } from '@/features/events/components/host-event-details';

export function HostEventDetailsRoute() {
  const { eventId = '' } = useParams();
  const id = /^\d{1,10}$/.test(eventId) ? Number(eventId) : NaN;
  return <HostEventDetails key={eventId} eventId={id} />;
}
