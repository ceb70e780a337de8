import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center component="main" h="100dvh" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
