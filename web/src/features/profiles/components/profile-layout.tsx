import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface ProfileLayoutProps {
  hero: ReactNode;
  /** A notice between the hero and the columns (the view-as-attendee banner). */
  notice?: ReactNode;
  /** Bio and social links: beside the events on wide screens, above them on phones. */
  aside: ReactNode;
  main: ReactNode;
}

export function ProfileLayout({ hero, notice, aside, main }: ProfileLayoutProps) {
  return (
    <Stack gap="lg">
      {hero}
      {notice}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">{aside}</Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>{main}</Grid.Col>
      </Grid>
    </Stack>
  );
}
