import { PageFrame } from '@/components/ui/page-frame';
import { AttendeeDashboard } from '@/features/attendance/components/attendee-dashboard';
import { displayNameOf, useSessionStore } from '@/features/auth/stores/session-store';

export function AttendeeDashboardRoute() {
  const user = useSessionStore((state) => state.user);
  return (
    <PageFrame title="Dashboard" description={`Welcome, ${displayNameOf(user)}`}>
      <AttendeeDashboard />
    </PageFrame>
  );
}
