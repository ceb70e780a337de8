import { useParams } from 'react-router-dom';
import { PageFrame } from '@/components/ui/page-frame';

export function AttendeeHostProfileRoute() {
  const { hostId = '' } = useParams();
  return <PageFrame title="Host Profile" description={`The profile of host #${hostId}.`} />;
}
