import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { COLOR_SCHEME_STORAGE_KEY } from '@/config/color-scheme';
import { loadWhenIdle } from '@/lib/idle';
import { cssVariablesResolver, theme } from './theme';

// Toasts come after something happened, never in the first paint: their code
// (and its transitions) loads once the page has drawn, or at the first toast,
// whichever comes first. A toast shown before it has arrived waits in
// Mantine's store and appears when it mounts.
const loadToasts = () => import('./toasts');
const Toasts = lazy(() => loadToasts().then(({ Toasts }) => ({ default: Toasts })));

function useToastsWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const { notifications, queue } = notificationsStore.getState();
    if (notifications.length > 0 || queue.length > 0) want();
    loadWhenIdle(async () => {
      await loadToasts();
      want();
    });
    return notificationsStore.subscribe(want);
  }, [wanted]);
  return wanted;
}

/**
 * The toasts once wanted. A component of its own: their arrival redraws only
 * this, not the theme's provider and with it every component of the page.
 */
function ToastsWhenWanted() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** Light, dark, or the system's choice ("auto", the default), remembered on this device. */
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Theme and toasts; the server-data cache sits below the root layout (layouts/root-layout.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <ToastsWhenWanted />
      {children}
    </MantineProvider>
  );
}
