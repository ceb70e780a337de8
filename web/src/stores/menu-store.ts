import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The side menu's open/closed state, remembered in local storage (spec §2 "Layouts"). */

interface MenuState {
  open: boolean;
  toggle: () => void;
  close: () => void;
}

export const useMenuStore = create<MenuState>()(
  persist(
    (set) => ({
      open: true,
      toggle: () => set((state) => ({ open: !state.open })),
      close: () => set({ open: false }),
    }),
    {
      name: 'floorfill.menu',
      storage: createJSONStorage(() => localStorage),
    },
  ),
);
