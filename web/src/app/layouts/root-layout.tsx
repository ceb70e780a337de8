import { BRAND_NAME } from '@floorfill/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { getSession } from '@/features/auth/api/session';
import { useRedirectStore } from '@/features/auth/stores/redirect-store';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { setUnauthorizedHandler } from '@/lib/api-client';

export interface RouteHandle {
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'title' in handle &&
    typeof handle.title === 'string'
  );
}

/** "Login | Floorfill": the deepest route that names itself wins. */
function useDocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.title;
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}

/** Learn who the HttpOnly session cookie belongs to; JS cannot read the cookie itself. */
function useSessionBootstrap() {
  const status = useSessionStore((state) => state.status);
  useEffect(() => {
    if (useSessionStore.getState().status !== 'unknown') return;
    let active = true;
    getSession()
      .then((session) => {
        if (!active) return;
        const store = useSessionStore.getState();
        if (session) store.restore(session.user, session.role);
        else store.signOut();
      })
      .catch(() => {
        if (active) useSessionStore.getState().signOut();
      });
    return () => {
      active = false;
    };
  }, []);
  return status;
}

/** A 401 from a data call means the session ended elsewhere: back to login, then back here. */
function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const { pathname, search } = window.location;
      useRedirectStore.getState().save(`${pathname}${search}`);
      useSessionStore.getState().signOut();
      queryClient.clear();
      navigate(paths.auth.login.getHref(), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, queryClient]);
}

export function RootLayout() {
  useDocumentTitle();
  useUnauthorizedRedirect();
  const status = useSessionBootstrap();
  if (status === 'unknown') return <FullPageLoader />;
  return <Outlet />;
}
