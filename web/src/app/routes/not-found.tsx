import { MSG } from '@floorfill/shared';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** `/404` and every unknown URL (spec §2). */
export function NotFoundRoute() {
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <Text fz={64} fw={900} c="brand.8" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1}>{MSG.pageNotFound}</Title>
      <Text c="dimmed" maw={420}>
        The page you are looking for does not exist or is no longer available.
      </Text>
      <Button component={Link} to={paths.home.getHref()}>
        Go to dashboard
      </Button>
    </Stack>
  );
}
