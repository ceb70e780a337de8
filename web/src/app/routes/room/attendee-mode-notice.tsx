import { ROLE } from '@floorfill/shared';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { NavigateFunction } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/features/auth/stores/session-store';

const HOST_MODE_NOTICE_ID = 'room:attendee-mode';

/** A host who opened an event link is now an attendee there; the notice says so and offers the way back. */
export function announceAttendeeMode(navigate: NavigateFunction) {
  const backToHost = () => {
    notifications.hide(HOST_MODE_NOTICE_ID);
    useSessionStore.getState().switchRole(ROLE.host);
    navigate(paths.host.dashboard.getHref());
  };
  notifications.show({
    id: HOST_MODE_NOTICE_ID,
    title: 'You are in attendee mode',
    message: (
      <Stack gap={6} align="flex-start">
        <Text size="sm">You opened an event link, so you join this event as an attendee.</Text>
        <Button size="xs" variant="light" onClick={backToHost}>
          Back to host mode
        </Button>
      </Stack>
    ),
    autoClose: 10_000,
  });
}
