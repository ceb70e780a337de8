import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessageOf } from '@/lib/api-client';

interface ProfileLoadErrorProps {
  error: unknown;
  onRetry: () => void;
}

export function ProfileLoadError({ error, onRetry }: ProfileLoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      title="The profile could not be loaded"
      icon={<IconAlertTriangle aria-hidden="true" />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessageOf(error)}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
