import { PageFrame } from '@/components/ui/page-frame';
import { HostDashboard } from '@/features/events/components/host-dashboard';

export function HostDashboardRoute() {
  return (
    <PageFrame title="Dashboard">
      <HostDashboard />
    </PageFrame>
  );
}
