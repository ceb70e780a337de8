import { Box, Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { RouteOutlet } from './route-outlet';
import { LegalLinks } from '@/components/ui/legal-links';
import { LogoLink } from '@/components/ui/logo';
import { useAppRunning } from '@/lib/app-running';

const RULE = '1px solid var(--mantine-color-default-border)';
/** Room for the logo and the colour-scheme switch, whichever is taller. */
const BAR_HEIGHT = 34;

// Not needed to draw the page: the switch arrives just after the first paint.
// The bar's height is fixed, so nothing moves when it does. It shows the scheme
// this device remembers, which a page drawn by the server cannot know: drawn
// only once the page runs in the browser.
const ColorSchemeControl = lazy(() =>
  import('@/components/ui/color-scheme-control').then(({ ColorSchemeControl }) => ({
    default: ColorSchemeControl,
  })),
);

/**
 * Pages anyone may read (the event landing, legal texts, not-found): a slim
 * top bar with the colour-scheme switch, and the footer links.
 */
/** The switch once the app runs the page (in a component of its own: nothing else redraws then). */
function ColorSchemeSwitch() {
  const running = useAppRunning();
  if (!running) return null;
  return (
    <Suspense fallback={null}>
      <ColorSchemeControl />
    </Suspense>
  );
}

export function PublicLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: RULE }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap" h={BAR_HEIGHT}>
            <LogoLink />
            <ColorSchemeSwitch />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="xl" style={{ flex: 1, width: '100%' }}>
        <RouteOutlet />
      </Container>
      <Box component="footer" py="md" style={{ borderTop: RULE }}>
        <LegalLinks />
      </Box>
    </Box>
  );
}
