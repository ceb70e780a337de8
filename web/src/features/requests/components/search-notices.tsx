import { Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The search is on its way: said where the results will show. */
export function SearchingNotice() {
  return (
    <Stack align="center" py="md" gap="xs" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text c="dimmed">Searching…</Text>
    </Stack>
  );
}

/** Instead of results: why there are none, under an optional icon. */
export function Notice({ children, icon }: { children: string; icon?: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="md" c="dimmed">
      {icon}
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Stack>
  );
}
