import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { errorMessageOf } from '@/lib/api-client';

/** An event page's shape while it loads: back button, header card, the four facts. */
export function EventDetailsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading event">
      <Skeleton h={36} w={160} />
      <Skeleton h={300} radius="md" />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={72} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** An event page that could not be loaded (other than a 404, which goes to Page not found). */
export function EventDetailsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack align="center" py="xl">
      <Text>{errorMessageOf(error)}</Text>
      <Button onClick={onRetry}>Try again</Button>
    </Stack>
  );
}
