import { Box, Container, Group } from '@mantine/core';
import { RouteOutlet } from './route-outlet';
import { LegalLinks } from '@/components/ui/legal-links';
import { LogoLink } from '@/components/ui/logo';

/** Pages anyone may read (legal texts, not-found): a slim top bar and the footer links. */
export function PublicLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg">
          <Group>
            <LogoLink />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="xl" style={{ flex: 1, width: '100%' }}>
        <RouteOutlet />
      </Container>
      <Box
        component="footer"
        py="md"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <LegalLinks />
      </Box>
    </Box>
  );
}
