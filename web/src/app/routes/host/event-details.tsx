import { useParams } from 'react-router-dom';
import { PageFrame } from '@/components/ui/page-frame';

export function HostEventDetailsRoute() {
  const { eventId = '' } = useParams();
  return (
    <PageFrame
      title="Event Details"
      description={`Song requests and attendees of event #${eventId}.`}
    />
  );
}
