import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useNavigate } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/page-loader';
import { ScreenError } from '@/components/ui/screen-error';
import { paths } from '@/config/paths';
import { useRedirectStore } from '@/features/auth/stores/redirect-store';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { setUnauthorizedHandler } from '@/lib/api-error';
import { QueryProvider, clearQueryCache } from '../query-provider-lazy';
import { settleSession, takeSessionRequest } from '../session-request';

/**
 * Learn who the HttpOnly session cookie belongs to; JS cannot read the cookie
 * itself. Only the server's answer signs out: when it cannot be asked (the
 * phone is offline, the server is away), the device keeps the session it last
 * knew and asks again once the connection is back.
 */
function useSessionBootstrap() {
  const status = useSessionStore((state) => state.status);
  const unconfirmed = useSessionStore((state) => state.unconfirmed);
  useEffect(() => {
    if (useSessionStore.getState().status !== 'unknown') return;
    let active = true;
    takeSessionRequest()
      .then((session) => {
        if (active) settleSession(session);
      })
      .catch(() => {
        if (active) useSessionStore.getState().keepLastKnown();
      });
    return () => {
      active = false;
    };
  }, []);
  useEffect(() => {
    if (!unconfirmed) return;
    const ask = () => {
      takeSessionRequest()
        .then(settleSession)
        // Still unreachable: the next `online` event asks again.
        .catch(() => undefined);
    };
    window.addEventListener('online', ask);
    if (navigator.onLine) ask();
    return () => window.removeEventListener('online', ask);
  }, [unconfirmed]);
  return status;
}

/** A 401 from a data call means the session ended elsewhere: back to login, then back here. */
function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const { pathname, search } = window.location;
      useRedirectStore.getState().save(`${pathname}${search}`);
      useSessionStore.getState().signOut();
      clearQueryCache();
      navigate(paths.auth.login.getHref(), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
}

export function RootLayout() {
  useUnauthorizedRedirect();
  const status = useSessionBootstrap();
  if (status === 'unknown') return <FullPageLoader />;
  // The data cache and the signed-in and sign-in frames are lazy chunks: the loader stands
  // in while one arrives, a message if one cannot.
  return (
    <ErrorBoundary FallbackComponent={ScreenError}>
      <Suspense fallback={<FullPageLoader />}>
        <QueryProvider>
          <Outlet />
        </QueryProvider>
      </Suspense>
    </ErrorBoundary>
  );
}
