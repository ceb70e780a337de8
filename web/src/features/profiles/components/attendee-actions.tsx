import { Button } from '@mantine/core';
import { IconCoin, IconShare, IconStar, IconStarFilled } from '@tabler/icons-react';

export interface AttendeeActionHandlers {
  onRate: () => void;
  onTip: () => void;
  onShare: () => void;
  /** The viewer already rated this host: RATE shows as a disabled RATED. */
  rated?: boolean;
  /** The host can take a tip (payouts set up); without, SEND TIP is not offered. */
  acceptsTips?: boolean;
}

/** What an attendee can do on a host's profile (spec §2): RATE, SEND TIP, SHARE. */
export function AttendeeActions({
  onRate,
  onTip,
  onShare,
  rated = false,
  acceptsTips = true,
}: AttendeeActionHandlers) {
  return (
    <>
      {rated ? (
        <Button disabled leftSection={<IconStarFilled size={16} aria-hidden="true" />}>
          RATED
        </Button>
      ) : (
        <Button leftSection={<IconStar size={16} aria-hidden="true" />} onClick={onRate}>
          RATE
        </Button>
      )}
      {acceptsTips ? (
        <Button
          variant="light"
          leftSection={<IconCoin size={16} aria-hidden="true" />}
          onClick={onTip}
        >
          SEND TIP
        </Button>
      ) : null}
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
