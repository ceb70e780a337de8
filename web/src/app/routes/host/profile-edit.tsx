import { PageFrame } from '@/components/ui/page-frame';

export function HostProfileEditRoute() {
  return <PageFrame title="Settings" description="Your profile details and wallet." />;
}
