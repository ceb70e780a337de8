import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The page a visitor wanted before being sent to login (spec §4, §6). Kept in
 * session storage so a reload of the login page does not lose it, and so it
 * never leaks into another tab's sign-in.
 */

interface RedirectState {
  path: string | null;
  save: (path: string) => void;
  take: () => string | null;
}

export const useRedirectStore = create<RedirectState>()(
  persist(
    (set, get) => ({
      path: null,
      save: (path) => set({ path }),
      take: () => {
        const { path } = get();
        set({ path: null });
        return path;
      },
    }),
    {
      name: 'floorfill.redirect',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ path: state.path }),
    },
  ),
);

/**
 * `value` as a path of this site to come back to, or null: a link's `next`
 * is anyone's to write, so another origin (`//elsewhere`, `https://…`) or a
 * control character never becomes a redirect.
 */
export function sameSitePath(value: string | null): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value?.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const url = new URL(value, window.location.origin);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
}
