import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { COLOR_SCHEME_STORAGE_KEY } from '@/config/color-scheme';
import { cssVariablesResolver, theme } from './theme';

// Toasts come after something happened, never in the first paint: their code
// (and its transitions) loads beside the page. A toast shown before it has
// arrived waits in Mantine's store and appears when it mounts.
const Toasts = lazy(() => import('./toasts').then(({ Toasts }) => ({ default: Toasts })));

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
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
