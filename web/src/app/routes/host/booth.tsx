import { useParams } from 'react-router-dom';
import { BoothView } from '@/features/booth';

export function HostBoothRoute() {
  const { eventId = '' } = useParams();
  const id = /^\d{1,10}$/.test(eventId) ? Number(eventId) : NaN;
  return <BoothView key={eventId} eventId={id} />;
}
