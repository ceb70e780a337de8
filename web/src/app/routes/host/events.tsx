import { PageFrame } from '@/components/ui/page-frame';

export function HostEventsRoute() {
  return (
    <PageFrame title="My Events" description="Create events and share their codes and QR codes." />
  );
}
