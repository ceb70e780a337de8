import {
  MantineProvider,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
  type MantineThemeOverride,
} from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * On dark surfaces the primary takes the same shade as on light ones: white
 * text on shade 7 keeps 7:1, where the default dark shade 5 falls under 4.5:1.
 */
const darkTheme: MantineThemeOverride = { primaryShade: { light: 7, dark: 7 } };

/**
 * Mantine's dark dimmed text (dark-2) sits near 3:1 on dark surfaces; dark-1
 * keeps 4.5:1 on every dark shade the screens use.
 */
const readableDimmed: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

/** The scope never reads or writes the app's stored colour scheme. */
const fixedDark: MantineColorSchemeManager = {
  get: () => 'dark',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/**
 * A dark screen inside an app of any colour scheme (the booth, the big
 * screen): Mantine's variables and component styles switch to dark for
 * this subtree only, through a nested provider scoped to its own element.
 * Popovers and modals render inside the scope (`withinPortal={false}`) to
 * stay dark.
 */
export function DarkScope({ children }: { children: ReactNode }) {
  const scope = useId();
  const selector = `[data-dark-scope="${scope}"]`;
  return (
    <div
      data-dark-scope={scope}
      data-mantine-color-scheme="dark"
      style={{
        minHeight: '100dvh',
        background: 'var(--mantine-color-body)',
        color: 'var(--mantine-color-text)',
      }}
    >
      <MantineProvider
        theme={darkTheme}
        forceColorScheme="dark"
        colorSchemeManager={fixedDark}
        cssVariablesResolver={readableDimmed}
        cssVariablesSelector={selector}
        getRootElement={() => document.querySelector<HTMLElement>(selector) ?? undefined}
        withGlobalClasses={false}
      >
        {children}
      </MantineProvider>
    </div>
  );
}
