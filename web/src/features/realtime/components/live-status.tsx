import { EVENT_PAGE_WORDS } from '@floorfill/shared';
import { Box, Group, Text } from '@mantine/core';

export const LIVE_ON = EVENT_PAGE_WORDS.liveOn;
export const LIVE_OFF = EVENT_PAGE_WORDS.liveOff;

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
