import { ROLE, type Role, type SessionUser } from '@floorfill/shared';
import { useSyncExternalStore } from 'react';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

/**
 * Who is signed in. The session itself is an HttpOnly cookie the browser
 * sends; this store only mirrors what `GET /api/auth/session` said. Spec §3
 * keeps `userID` in local storage, and the active role survives reloads so a
 * host/attendee switch sticks. The last answer's user is kept too, so that a
 * phone that opens the app without a network still knows who it was (a
 * network failure is not a sign-out); never a token.
 */

export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  userId: number | null;
  role: Role | null;
  /** True right after the user logged out, so guards do not remember the page they left. */
  loggedOut: boolean;
  /**
   * Signed in from what this device last knew, because the server could not be
   * asked (no network): the server is asked again once the connection is back.
   */
  unconfirmed: boolean;
  signIn: (user: SessionUser, role: Role) => void;
  restore: (user: SessionUser, serverRole: Role) => void;
  /** The server could not be asked: the last known session stands, or signed out if there is none. */
  keepLastKnown: () => void;
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

const SIGNED_OUT = {
  status: 'signed-out',
  user: null,
  userId: null,
  role: null,
  unconfirmed: false,
} as const;

/** Where the server draws a page (web/src/entry-server.tsx) nothing of a visitor is kept. */
const keepNothing: StateStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/** This device's local storage, or none on the server. */
const deviceStorage = () => (typeof localStorage === 'undefined' ? keepNothing : localStorage);

const sessionStore = createStore<SessionState>()(
  persist(
    (set, get) => ({
      status: 'unknown',
      user: null,
      userId: null,
      role: null,
      loggedOut: false,
      unconfirmed: false,
      signIn: (user, role) =>
        set({
          status: 'signed-in',
          user,
          userId: user.id,
          role,
          loggedOut: false,
          unconfirmed: false,
        }),
      restore: (user, serverRole) => {
        const { userId, role } = get();
        const activeRole = reconcileRole({
          user,
          serverRole,
          storedUserId: userId,
          storedRole: role,
        });
        set({
          status: 'signed-in',
          user,
          userId: user.id,
          role: activeRole,
          loggedOut: false,
          unconfirmed: false,
        });
      },
      keepLastKnown: () => {
        const { user, userId, role } = get();
        if (user && userId === user.id && role !== null) {
          set({ status: 'signed-in', loggedOut: false, unconfirmed: true });
        } else {
          get().signOut();
        }
      },
      switchRole: (role) => set({ role }),
      signOut: () => set({ ...SIGNED_OUT, loggedOut: false }),
      logOut: () => set({ ...SIGNED_OUT, loggedOut: true }),
    }),
    {
      name: 'floorfill.session',
      storage: createJSONStorage(deviceStorage),
      partialize: (state) => ({ userId: state.userId, role: state.role, user: state.user }),
    },
  ),
);

/**
 * The session as a hook (`useSessionStore((state) => state.role)`) with the
 * store's own methods (`getState`, `setState`). Unlike zustand's `create`,
 * whose server-side and hydration value is the store's first state, this one
 * reads the current state there too: a page the server draws for a signed-in
 * visitor (web/src/entry-server.tsx) draws their page, and the browser,
 * which learns who is signed in from the same answer before it hydrates
 * (main.tsx), draws the same.
 */
export const useSessionStore = Object.assign(function useSessionStore<Slice>(
  select: (state: SessionState) => Slice,
): Slice {
  const read = () => select(sessionStore.getState());
  return useSyncExternalStore(sessionStore.subscribe, read, read);
}, sessionStore);

export function displayNameOf(user: SessionUser | null): string {
  if (!user) return '';
  return user.display_name?.trim() || user.name;
}
