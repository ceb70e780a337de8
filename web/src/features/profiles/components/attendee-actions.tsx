import { Button } from '@mantine/core';
import { IconCoin, IconShare, IconStar } from '@tabler/icons-react';

export interface AttendeeActionHandlers {
  onRate: () => void;
  onTip: () => void;
  onShare: () => void;
}

/** What an attendee can do on a host's profile (spec §2): RATE, SEND TIP, SHARE. */
export function AttendeeActions({ onRate, onTip, onShare }: AttendeeActionHandlers) {
  return (
    <>
      <Button leftSection={<IconStar size={16} aria-hidden="true" />} onClick={onRate}>
        RATE
      </Button>
      <Button
        variant="light"
        leftSection={<IconCoin size={16} aria-hidden="true" />}
        onClick={onTip}
      >
        SEND TIP
      </Button>
      <Button
        variant="default"
        leftSection={<IconShare size={16} aria-hidden="true" />}
        onClick={onShare}
      >
        SHARE
      </Button>
    </>
  );
}
