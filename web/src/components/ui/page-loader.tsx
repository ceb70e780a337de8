import { Center, Loader } from '@mantine/core';

interface LoaderProps {
  label?: string;
}

/** The spinner announced as one status, so screen readers hear "Loading" rather than nothing. */
function LoadingStatus({ label = 'Loading' }: LoaderProps) {
  return (
    <div role="status" aria-label={label}>
      <Loader aria-hidden="true" />
    </div>
  );
}

/** The whole viewport while the app cannot draw any frame yet (the session is still unknown). */
export function FullPageLoader({ label }: LoaderProps) {
  return (
    <Center component="main" h="100dvh">
      <LoadingStatus label={label} />
    </Center>
  );
}

/** Inside a layout's content area while a screen's code arrives; the frame around it stays. */
export function ContentLoader({
  label,
  minHeight = 240,
}: LoaderProps & { minHeight?: string | number }) {
  return (
    <Center mih={minHeight} py="xl">
      <LoadingStatus label={label} />
    </Center>
  );
}
