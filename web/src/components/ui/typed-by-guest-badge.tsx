import { Badge } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

export const TYPED_BY_GUEST = 'Typed by guest';

/**
 * Marks a song a guest typed because the search did not have it ("Request
 * “…” anyway"): its title and artist are as typed, so the DJ may have to
 * look for it. Shown beside the title in the host's queues; the words are
 * the accessible text (the icon is decoration).
 */
export function TypedByGuestBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      variant="default"
      size={size}
      radius="sm"
      leftSection={<IconPencil size={12} aria-hidden="true" />}
      style={{ flexShrink: 0 }}
    >
      {TYPED_BY_GUEST}
    </Badge>
  );
}
