import { PageFrame } from '@/components/ui/page-frame';

export function AttendeeProfileEditRoute() {
  return <PageFrame title="Settings" description="Your profile details." />;
}
