import { Welcome } from '../welcome';

export function HostDashboardRoute() {
  return <Welcome title="Dashboard">Your events, attendees and song requests at a glance.</Welcome>;
}
