import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The small print beside a payment field about what happens to card data. */
export function SecurityNote({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconLock size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
