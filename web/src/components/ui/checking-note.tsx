import { MSG } from '@floorfill/shared';
import { Group, Loader, Text } from '@mantine/core';

/**
 * Under the button a person pressed, while the app proves this device's
 * work for a busy address (lib/challenge.ts): a short, calm wait, never an
 * error. The live region is always in the page, so a screen reader hears
 * the line when it appears.
 */
export function CheckingNote({ checking }: { checking: boolean }) {
  return (
    <div role="status" aria-live="polite">
      {checking ? (
        <Group gap="xs" justify="center" wrap="nowrap">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{MSG.checkingDevice}</Text>
        </Group>
      ) : null}
    </div>
  );
}
