import { PageFrame } from '@/components/ui/page-frame';

export function HostProfileRoute() {
  return (
    <PageFrame title="Profile" description="How attendees see you: bio, social links, rating." />
  );
}
