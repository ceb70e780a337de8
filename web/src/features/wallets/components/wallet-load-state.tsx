import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessageOf } from '@/lib/api-client';

/** While the wallet loads, or when it could not be read. */
export function WalletLoadState({ query }: { query: UseQueryResult }) {
  if (query.isError) {
    return (
      <Alert color="red" title="Your wallet could not be loaded">
        <Stack gap="sm" align="flex-start">
          {errorMessageOf(query.error)}
          <Button variant="default" size="xs" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading your wallet">
      <Stack gap="sm">
        <Skeleton height={20} width="40%" />
        <Skeleton height={14} width="70%" />
        <Skeleton height={36} width={160} />
      </Stack>
    </Paper>
  );
}
