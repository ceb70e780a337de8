import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ContentLoader } from '@/components/ui/page-loader';

/**
 * A layout's `<Outlet />` for lazy screens: the first visit shows a loader
 * where the screen goes, inside the layout's frame. Later navigations are
 * transitions, so the previous screen stays until the next one is ready.
 */
export function RouteOutlet() {
  return (
    <Suspense fallback={<ContentLoader />}>
      <Outlet />
    </Suspense>
  );
}
