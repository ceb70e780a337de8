import {
  SegmentedControl,
  useMantineColorScheme,
  VisuallyHidden,
  type MantineColorScheme,
} from '@mantine/core';
import { IconBrightnessAuto, IconMoon, IconSun, type Icon } from '@tabler/icons-react';

const SCHEMES: { value: MantineColorScheme; label: string; icon: Icon }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'Auto (as the system)', icon: IconBrightnessAuto },
];

function isColorScheme(value: string): value is MantineColorScheme {
  return SCHEMES.some((scheme) => scheme.value === value);
}

/**
 * Light, dark or auto (the system's choice), remembered on this device by
 * Mantine's colour-scheme manager (see app/provider.tsx). Three radio buttons
 * with icons; each is named for screen readers and on hover.
 */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      aria-label="Colour scheme"
      size="xs"
      radius="xl"
      value={colorScheme}
      onChange={(value) => {
        if (isColorScheme(value)) setColorScheme(value);
      }}
      data={SCHEMES.map(({ value, label, icon: SchemeIcon }) => ({
        value,
        label: (
          <span title={label} style={{ display: 'inline-flex' }}>
            <SchemeIcon size={16} stroke={1.8} aria-hidden="true" />
            <VisuallyHidden>{label}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  );
}
