import { MSG, ROLE, type Role } from '@floorfill/shared';
import { matchPath } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * Route access rules of spec §2 and §6 as pure functions, so the rules can be
 * tested without rendering a router.
 */

export interface Toast {
  kind: 'error' | 'info';
  message: string;
}

export type Access =
  { kind: 'allow' } | { kind: 'redirect'; to: string; savePath?: string; toast?: Toast };

interface Place {
  pathname: string;
  search: string;
}

const GUEST_ROUTES = [paths.attendee.eventDetails.path, paths.attendee.hostProfile.path];

export function isGuestRoute(pathname: string): boolean {
  return GUEST_ROUTES.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Where `/` and "your dashboard" lead (spec §2: role 2 host, anything else attendee). */
export function homePathFor(role: Role | null): string {
  if (role === null) return paths.auth.login.getHref();
  if (role === ROLE.host) return paths.host.dashboard.getHref();
  return paths.attendee.dashboard.getHref();
}

function isUnder(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`);
}

function toLogin(place: Place): Access {
  const params = new URLSearchParams(place.search);
  // An event link from before the landing existed (it carries the code): the landing takes it.
  const code = params.get('code');
  if (code && matchPath(paths.attendee.eventDetails.path, place.pathname)) {
    return { kind: 'redirect', to: paths.room.landing.getHref(code) };
  }
  const qr = params.get('qr');
  const access: Access = {
    kind: 'redirect',
    to: paths.auth.login.getHref({ qr: qr === 'y' }),
    savePath: `${place.pathname}${place.search}`,
  };
  if (qr === 'true') access.toast = { kind: 'error', message: MSG.pleaseLoginAndScan };
  return access;
}

// A guest has no dashboard of its own; registering is the way forward (spec §6).
const guestBlocked: Access = {
  kind: 'redirect',
  to: paths.auth.register.getHref(),
  toast: { kind: 'error', message: MSG.pleaseRegister },
};

/** Access to the signed-in areas `/host/*` and `/attendee/*`. */
export function resolveAppAccess(place: Place, role: Role | null): Access {
  if (role === null) return toLogin(place);

  const wanted = isUnder(place.pathname, paths.host.root.path) ? ROLE.host : ROLE.attendee;
  if (role === wanted) return { kind: 'allow' };

  if (role === ROLE.guest) {
    if (wanted === ROLE.attendee && isGuestRoute(place.pathname)) return { kind: 'allow' };
    return guestBlocked;
  }
  return { kind: 'redirect', to: homePathFor(role) };
}

/**
 * Access to `/auth/*`: signed-in accounts go to their dashboard. Guests stay,
 * because registering or logging in is exactly what they are asked to do.
 */
export function resolveAuthAccess(role: Role | null): Access {
  if (role === null || role === ROLE.guest) return { kind: 'allow' };
  return { kind: 'redirect', to: homePathFor(role) };
}
