import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** Create Event, as the dashboard and My Events offer it: it opens the event form. */
export function CreateEventButton({ onClick }: { onClick: () => void }) {
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onClick}>
      Create Event
    </Button>
  );
}
