import { PageFrame } from '@/components/ui/page-frame';

export function AttendeeProfileRoute() {
  return <PageFrame title="Profile" description="Your profile and the events you joined." />;
}
