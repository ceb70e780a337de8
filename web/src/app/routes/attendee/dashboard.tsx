import { Welcome } from '../welcome';

export function AttendeeDashboardRoute() {
  return (
    <Welcome title="Dashboard">
      Join an event with its code and keep track of the events you joined.
    </Welcome>
  );
}
