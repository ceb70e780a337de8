import { useParams } from 'react-router-dom';
import { PageFrame } from '@/components/ui/page-frame';

export function AttendeeEventDetailsRoute() {
  const { eventId = '' } = useParams();
  return (
    <PageFrame
      title="Event Details"
      description={`Request songs, tip and rate the host of event #${eventId}.`}
    />
  );
}
