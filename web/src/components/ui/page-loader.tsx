import { Center, Loader, Stack, Text } from '@mantine/core';

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

/** A wait worth saying in words (a busy address's check): the spinner with its line under it. */
function CaptionedStatus({ caption }: { caption: string }) {
  return (
    <Stack role="status" align="center" gap="sm">
      <Loader aria-hidden="true" />
      <Text ta="center">{caption}</Text>
    </Stack>
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
  caption,
  minHeight = 240,
}: LoaderProps & { caption?: string | null; minHeight?: string | number }) {
  return (
    <Center mih={minHeight} py="xl">
      {caption ? <CaptionedStatus caption={caption} /> : <LoadingStatus label={label} />}
    </Center>
  );
}
