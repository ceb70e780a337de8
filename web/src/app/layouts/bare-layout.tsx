import { RouteOutlet } from './route-outlet';

/** Full-screen views with no app chrome (the booth, the big screen): each draws its own frame. */
export function BareLayout() {
  return <RouteOutlet />;
}
