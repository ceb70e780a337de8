import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router-dom';
import { ContentLoader } from '@/components/ui/page-loader';
import { ScreenError } from '@/components/ui/screen-error';

/**
 * A layout's `<Outlet />` for lazy screens. While a screen's chunk is on its
 * way, the loader stands where the screen goes, inside the layout's frame; a
 * screen that cannot load or draw shows a message there, and the frame (its
 * menu, its links) keeps working. The boundaries are new for each path:
 * navigations run as transitions, and an existing boundary would instead
 * keep the previous screen under the new URL until the chunk arrived, with
 * no sign that anything was happening. `loaderMinHeight` gives the loader
 * the height the frame's screens usually take.
 */
export function RouteOutlet({ loaderMinHeight }: { loaderMinHeight?: string | number }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} FallbackComponent={ScreenError}>
      <Suspense fallback={<ContentLoader minHeight={loaderMinHeight} />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
