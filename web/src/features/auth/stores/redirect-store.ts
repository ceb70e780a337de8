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
