import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';

/**
 * Said at the top of a signed-in page while the phone has no connection: the
 * page shows what the device kept, and what the guest does now waits for the
 * network instead of failing. Gone as soon as the connection is back.
 */
export function OfflineBanner() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert
      role="status"
      variant="light"
      color="yellow"
      radius="md"
      mb="md"
      icon={<IconWifiOff size={18} aria-hidden="true" />}
      title="You are offline"
      // Mantine's light yellow title is under 3:1 on its tint; the page's text colour reads well.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      You are still signed in. Requests you make now wait on this phone and go to the DJ when
      you&apos;re back online.
    </Alert>
  );
}
