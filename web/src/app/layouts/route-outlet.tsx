import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ContentLoader } from '@/components/ui/page-loader';

/**
 * A layout's `<Outlet />` for lazy screens. While a screen's chunk is on its
 * way, the loader stands where the screen goes, inside the layout's frame.
 * The boundary is new for each path: navigations run as transitions, and an
 * existing boundary would instead keep the previous screen under the new URL
 * until the chunk arrived, with no sign that anything was happening.
 */
export function RouteOutlet() {
  const { pathname } = useLocation();
  return (
    <Suspense key={pathname} fallback={<ContentLoader />}>
      <Outlet />
    </Suspense>
  );
}
