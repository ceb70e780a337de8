import { MSG } from '@floorfill/shared';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconStar } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ActionCard } from '@/components/ui/action-card';
import { notifyError } from '@/lib/notify';

// The dialog's code (the rating input, the form) loads when it is first opened, not with the
// event page: most guests never open it, and the page draws sooner without it.
const RateHostModal = lazy(() =>
  import('./rate-host-modal').then(({ RateHostModal }) => ({ default: RateHostModal })),
);

export interface RateHostCardProps {
  hostId: number;
  eventId?: number;
  isRated: boolean;
  isGuest: boolean;
}

/**
 * 'Rate The Host' on the attendee event page (spec §2): gone once rated;
 * a guest gets the login alert (spec §6) instead of the modal.
 */
export function RateHostCard({ hostId, eventId, isRated, isGuest }: RateHostCardProps) {
  const [opened, modal] = useDisclosure(false);
  // Kept mounted once opened, so it can close with its transition.
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  // Hidden at once on success, before the refetched details say `is_rated`.
  const [ratedHere, setRatedHere] = useState(false);

  if (isRated || ratedHere) return null;

  const open = () => {
    if (isGuest) notifyError(MSG.pleaseLogin);
    else modal.open();
  };

  return (
    <ActionCard
      title="Rate The Host"
      text="How is the music tonight? Your rating helps other attendees."
      action={
        <Button
          variant="light"
          leftSection={<IconStar size={16} aria-hidden="true" />}
          onClick={open}
        >
          Rate The Host
        </Button>
      }
    >
      {wanted ? (
        <Suspense fallback={null}>
          <RateHostModal
            opened={opened}
            onClose={modal.close}
            hostId={hostId}
            eventId={eventId}
            onRated={() => setRatedHere(true)}
          />
        </Suspense>
      ) : null}
    </ActionCard>
  );
}
