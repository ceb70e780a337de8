import { EVENT_DETAILS_POLL_MS } from '@floorfill/shared';
import { Box, Group, Text } from '@mantine/core';

export const LIVE_ON = 'Live updates on';
export const LIVE_OFF = `Refreshing every ${EVENT_DETAILS_POLL_MS / 1000} s`;

/** Tells the booth (and the dance floor) whether the page follows the room or polls. */
export function LiveStatus({ live }: { live: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" role="status">
      <Box
        w={8}
        h={8}
        aria-hidden="true"
        style={{
          borderRadius: '50%',
          flex: 'none',
          background: live ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-gray-6)',
        }}
      />
      <Text size="xs" c="dimmed">
        {live ? LIVE_ON : LIVE_OFF}
      </Text>
    </Group>
  );
}
