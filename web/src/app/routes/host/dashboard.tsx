import { PageFrame } from '@/components/ui/page-frame';
import { displayNameOf, useSessionStore } from '@/features/auth/stores/session-store';
import { HostDashboard } from '@/features/events/components/host-dashboard';

export function HostDashboardRoute() {
  const user = useSessionStore((state) => state.user);
  return (
    <PageFrame title="Dashboard" description={`Welcome, ${displayNameOf(user)}`}>
      <HostDashboard />
    </PageFrame>
  );
}
