import { Anchor, Center, Text } from '@mantine/core';

/**
 * What stands in for a screen whose code could not be fetched (the phone went
 * offline, a deploy replaced it) or that failed while drawing: a plain
 * message and a way to try again, instead of a blank page. Trying again loads
 * the page afresh: React keeps a screen whose code failed to arrive failed.
 * Drawn with what the first paint has already loaded, since it may have to
 * show when nothing more can be fetched.
 */
export function ScreenError() {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <Center mih={240} py="xl">
      <div style={{ maxWidth: 420, textAlign: 'center' }}>
        <Text component="h1" fw={800} fz="h2" mb="sm">
          {offline ? 'You are offline' : 'This page could not be shown'}
        </Text>
        <Text mb="md">
          {offline
            ? 'This part of the app needs the network. Try again once your phone is back online.'
            : 'Something went wrong while loading it.'}
        </Text>
        <Anchor component="button" type="button" fw={700} onClick={() => window.location.reload()}>
          Try again
        </Anchor>
      </div>
    </Center>
  );
}
