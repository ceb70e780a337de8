import { Skeleton, Stack } from '@mantine/core';

export function SettingsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading settings">
      <Skeleton h={36} w={220} />
      <Skeleton h={260} radius="lg" />
      <Skeleton h={220} radius="lg" />
      <Skeleton h={160} radius="lg" />
    </Stack>
  );
}
