import { PageFrame } from '@/components/ui/page-frame';
import { MyEvents } from '@/features/events/components/my-events';

export function HostEventsRoute() {
  return (
    <PageFrame title="My Events" description="Create events and share their codes and QR codes.">
      <MyEvents />
    </PageFrame>
  );
}
