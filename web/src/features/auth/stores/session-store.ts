import { ROLE, type Role, type SessionUser } from '@floorfill/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Who is signed in. The session itself is an HttpOnly cookie the browser
 * sends; this store only mirrors what `GET /api/auth/session` said. Spec §3
 * keeps `userID` in local storage, and the active role survives reloads so a
 * host/attendee switch sticks: nothing else (never a token) is persisted.
 */

export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  userId: number | null;
  role: Role | null;
  /** True right after the user logged out, so guards do not remember the page they left. */
  loggedOut: boolean;
  signIn: (user: SessionUser, role: Role) => void;
  restore: (user: SessionUser, serverRole: Role) => void;
  switchRole: (role: typeof ROLE.host | typeof ROLE.attendee) => void;
  signOut: () => void;
  logOut: () => void;
}

/**
 * A signed-in account may run in host or attendee mode; the mode it chose
 * last wins over the server's default, but only for the same account and
 * never for a guest.
 */
export function reconcileRole(options: {
  user: SessionUser;
  serverRole: Role;
  storedUserId: number | null;
  storedRole: Role | null;
}): Role {
  const { user, serverRole, storedUserId, storedRole } = options;
  if (serverRole === ROLE.guest || user.is_guest) return ROLE.guest;
  const sameAccount = storedUserId === user.id;
  const storedIsMode = storedRole === ROLE.host || storedRole === ROLE.attendee;
  return sameAccount && storedIsMode ? storedRole : serverRole;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      status: 'unknown',
      user: null,
      userId: null,
      role: null,
      loggedOut: false,
      signIn: (user, role) =>
        set({ status: 'signed-in', user, userId: user.id, role, loggedOut: false }),
      restore: (user, serverRole) => {
        const { userId, role } = get();
        const activeRole = reconcileRole({
          user,
          serverRole,
          storedUserId: userId,
          storedRole: role,
        });
        set({ status: 'signed-in', user, userId: user.id, role: activeRole, loggedOut: false });
      },
      switchRole: (role) => set({ role }),
      signOut: () =>
        set({ status: 'signed-out', user: null, userId: null, role: null, loggedOut: false }),
      logOut: () =>
        set({ status: 'signed-out', user: null, userId: null, role: null, loggedOut: true }),
    }),
    {
      name: 'floorfill.session',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ userId: state.userId, role: state.role }),
    },
  ),
);

export function displayNameOf(user: SessionUser | null): string {
  if (!user) return '';
  return user.display_name?.trim() || user.name;
}
