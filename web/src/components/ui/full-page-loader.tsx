import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center component="main" h="100dvh">
      <div role="status" aria-label={label}>
        <Loader aria-hidden="true" />
      </div>
    </Center>
  );
}
