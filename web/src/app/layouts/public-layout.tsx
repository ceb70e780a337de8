import { Box, Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { RouteOutlet } from './route-outlet';
import { LegalLinks } from '@/components/ui/legal-links';
import { LogoLink } from '@/components/ui/logo';

const RULE = '1px solid var(--mantine-color-default-border)';
/** Room for the logo and the colour-scheme switch, whichever is taller. */
const BAR_HEIGHT = 34;

// Not needed to draw the page: the switch arrives just after the first paint.
// The bar's height is fixed, so nothing moves when it does.
const ColorSchemeControl = lazy(() =>
  import('@/components/ui/color-scheme-control').then(({ ColorSchemeControl }) => ({
    default: ColorSchemeControl,
  })),
);

/**
 * Pages anyone may read (the event landing, legal texts, not-found): a slim
 * top bar with the colour-scheme switch, and the footer links.
 */
export function PublicLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: RULE }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap" h={BAR_HEIGHT}>
            <LogoLink />
            <Suspense fallback={null}>
              <ColorSchemeControl />
            </Suspense>
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
