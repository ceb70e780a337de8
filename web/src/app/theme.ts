import {
  createTheme,
  type AlertProps,
  type AnchorProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import { TOAST_AUTOCLOSE_MS } from '@floorfill/shared';

/**
 * Club-night violet. Shade 7 (#6d28d9) is the primary on light surfaces: it
 * gives white button text 7:1 and links on white 7:1, above WCAG AA.
 */
const brand: MantineColorsTuple = [
  '#f5f3ff',
  '#ede9fe',
  '#ddd6fe',
  '#c4b5fd',
  '#a78bfa',
  '#8b5cf6',
  '#7c3aed',
  '#6d28d9',
  '#5b21b6',
  '#4c1d95',
];

export const theme = createTheme({
  primaryColor: 'brand',
  // People who ask their system for less motion get no fades or slides.
  respectReducedMotion: true,
  // Shade 7 in dark too: white on shade 5 falls under 4.5:1 (the booth's dark scope does the same).
  primaryShade: { light: 7, dark: 7 },
  colors: { brand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Plain objects, not `Component.extend()`: extend would import each component's code
  // into the first paint of every page, whether the page draws it or not.
  components: {
    // Fields are required unless their description says "Optional": no asterisk,
    // which would also become part of each label's text ("Password *").
    TextInput: { defaultProps: { withAsterisk: false } satisfies Partial<TextInputProps> },
    PasswordInput: {
      defaultProps: {
        withAsterisk: false,
        // Mantine keeps the show/hide toggle out of the tab order; keyboard users need it too.
        visibilityToggleButtonProps: { tabIndex: 0, 'aria-label': 'Show password' },
      } satisfies Partial<PasswordInputProps>,
    },
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close notification' },
      } satisfies Partial<NotificationProps>,
    },
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps>,
    },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } satisfies Partial<AlertProps> },
  },
});

/**
 * Mantine's light defaults for dimmed text (gray-6) and errors (red-6) sit
 * near 3:1 on white; AA needs 4.5:1 for body-size text. In dark, dimmed text
 * (dark-2) sits near 3:1 on the dark surfaces; dark-1 keeps 4.5:1.
 *
 * `--ff-color-positive` / `--ff-color-neutral` are for coloured text and
 * outlines ("Requests open"): a deep shade on light surfaces, a light one on
 * dark, each 4.5:1 or more. (Filled badges and buttons keep their deep shade
 * in both schemes: white text on it reads on any page.)
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--ff-color-positive': 'var(--mantine-color-teal-9)',
    '--ff-color-neutral': 'var(--mantine-color-gray-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--ff-color-positive': 'var(--mantine-color-teal-4)',
    '--ff-color-neutral': 'var(--mantine-color-dark-1)',
  },
});

export const notificationsConfig = {
  position: 'bottom-left',
  autoClose: TOAST_AUTOCLOSE_MS,
} as const;
