import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useRedirectStore } from '@/features/auth/stores/redirect-store';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { notifyError, notifyInfo } from '@/lib/notify';
import { homePathFor, resolveAppAccess, resolveAuthAccess, type Access } from './access';

type Redirect = Extract<Access, { kind: 'redirect' }>;

function useActiveRole() {
  return useSessionStore((state) => (state.status === 'signed-in' ? state.role : null));
}

/**
 * Performs a redirect decided by the access rules: remember the wanted page,
 * show the rule's toast, then go. `preferSaved` sends a freshly signed-in
 * visitor to the page they wanted before login.
 */
function AccessRedirect({
  access,
  preferSaved = false,
}: {
  access: Redirect;
  preferSaved?: boolean;
}) {
  const navigate = useNavigate();
  // React's development double effects would otherwise take the saved path twice.
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const redirect = useRedirectStore.getState();
    if (access.savePath) redirect.save(access.savePath);
    if (access.toast?.kind === 'error') notifyError(access.toast.message);
    if (access.toast?.kind === 'info') notifyInfo(access.toast.message);
    const target = (preferSaved ? redirect.take() : null) ?? access.to;
    navigate(target, { replace: true });
  }, [access, navigate, preferSaved]);

  return null;
}

/** `/host/*` and `/attendee/*`: signed in, with the right role (spec §6). */
export function RequireAppAccess() {
  const location = useLocation();
  const role = useActiveRole();
  const loggedOut = useSessionStore((state) => state.loggedOut);
  const access = resolveAppAccess(location, role);
  if (access.kind === 'allow') return <Outlet />;
  // Leaving by Logout is not a detour to come back from.
  const redirect = loggedOut ? { ...access, savePath: undefined } : access;
  return <AccessRedirect key={location.key} access={redirect} />;
}

/** `/auth/*`: a signed-in account has nothing to do here and goes on. */
export function RedirectSignedIn() {
  const role = useActiveRole();
  const access = resolveAuthAccess(role);
  if (access.kind === 'allow') return <Outlet />;
  return <AccessRedirect access={access} preferSaved />;
}

/** `/`: each role's dashboard, login for nobody (spec §2). */
export function RootRedirect() {
  const role = useActiveRole();
  return <Navigate to={homePathFor(role)} replace />;
}
