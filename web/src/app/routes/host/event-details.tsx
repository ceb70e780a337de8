import { useParams } from 'react-router-dom';
import { SectionCard } from '@/components/ui/section-card';
import { LazyNightSummary, WhoIsHere } from '@/features/booth';
import { HostEventDetails } from '@/features/events/components/host-event-details';

export function HostEventDetailsRoute() {
  const { eventId = '' } = useParams();
  const id = /^\d{1,10}$/.test(eventId) ? Number(eventId) : NaN;
  return (
    <HostEventDetails
      key={eventId}
      eventId={id}
      main={(event) =>
        event.has_ended ? <LazyNightSummary eventId={event.id} timeZone={event.timezone} /> : null
      }
      aside={(event) => (
        <SectionCard title="Who is here">
          <WhoIsHere eventId={event.id} timeZone={event.timezone} />
        </SectionCard>
      )}
    />
  );
}
