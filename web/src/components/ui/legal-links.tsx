import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The footer links of spec §2 "Layouts". */
export function LegalLinks() {
  return (
    <Group gap="md" justify="center" component="nav" aria-label="Legal">
      <Anchor
        component={Link}
        to={paths.legal.terms.getHref()}
        size="sm"
        c="dimmed"
        underline="hover"
      >
        Terms of Service
      </Anchor>
      <Anchor
        component={Link}
        to={paths.legal.privacy.getHref()}
        size="sm"
        c="dimmed"
        underline="hover"
      >
        Privacy &amp; Policy
      </Anchor>
    </Group>
  );
}
