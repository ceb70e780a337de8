import { Grid, Paper, Skeleton, Stack } from '@mantine/core';

/** The profile's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading profile">
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Skeleton h={{ base: 140, sm: 280 }} radius={0} />
        <Stack gap="sm" p="xl">
          <Skeleton h={28} w="40%" />
          <Skeleton h={16} w="25%" />
        </Stack>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Skeleton h={140} radius="lg" />
            <Skeleton h={160} radius="lg" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={260} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
