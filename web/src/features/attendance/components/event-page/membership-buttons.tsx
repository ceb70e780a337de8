import { EVENT_PAGE_WORDS } from '@floorfill/shared';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconDoorExit, IconLogin2 } from '@tabler/icons-react';

interface MembershipButtonsProps {
  joined: boolean;
  /** The code to join with; without one (and not joined) no button is offered. */
  joinCode: string;
  onJoin: () => void;
  onLeave: () => void;
}

/** In the event's header: Joined and Leave once joined, else Join when the page has the code. */
export function MembershipButtons({ joined, joinCode, onJoin, onLeave }: MembershipButtonsProps) {
  return (
    <Group gap="sm">
      {joined ? (
        <>
          <Button disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
            {EVENT_PAGE_WORDS.joined}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDoorExit size={16} aria-hidden="true" />}
            onClick={onLeave}
          >
            {EVENT_PAGE_WORDS.leave}
          </Button>
        </>
      ) : joinCode ? (
        <Button leftSection={<IconLogin2 size={16} aria-hidden="true" />} onClick={onJoin}>
          Join
        </Button>
      ) : null}
    </Group>
  );
}
