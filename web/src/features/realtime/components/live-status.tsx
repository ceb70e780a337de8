import { EVENT_PAGE_WORDS } from '@floorfill/shared';
import { Box, Group, Text } from '@mantine/core';
import { useOnline } from '@/lib/online';

export const LIVE_ON = EVENT_PAGE_WORDS.liveOn;
export const LIVE_OFF = EVENT_PAGE_WORDS.liveOff;
/** Without a network nothing refreshes: the status line says so instead of promising a poll. */
export const OFFLINE = 'Offline — showing the last state';

/** Sizes of the status line: `lg` is read from arm's length (the booth). */
const SIZES = { xs: { dot: 8, text: 'xs' }, lg: { dot: 12, text: 'lg' } } as const;

/** Tells the booth (and the dance floor) whether the page follows the room or polls. */
export function LiveStatus({ live, size = 'xs' }: { live: boolean; size?: keyof typeof SIZES }) {
  const { dot, text } = SIZES[size];
  const online = useOnline();
  return (
    <Group gap={6} wrap="nowrap" role="status">
      <Box
        w={dot}
        h={dot}
        aria-hidden="true"
        style={{
          borderRadius: '50%',
          flex: 'none',
          background: live ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-gray-6)',
        }}
      />
      <Text size={text} c="dimmed">
        {live ? LIVE_ON : online ? LIVE_OFF : OFFLINE}
      </Text>
    </Group>
  );
}
