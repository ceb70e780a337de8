import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCoin } from '@tabler/icons-react';
import { ActionCard } from '@/components/ui/action-card';
import { LazyDialog, lazyDialog } from '@/lib/lazy-dialog';
import { useTipReturnNotice } from '../utils/use-tip-return';

// The dialog's code (amounts, checkout) loads when the page is idle or at the first tap.
const tipHostModal = lazyDialog(() => import('./tip-host-modal'), 'TipHostModal');

export interface TipHostCardProps {
  hostId: number;
  eventId?: number;
  hostName: string;
  /** Members may pay with the card saved in their wallet; guests have none. */
  canUseSavedCard?: boolean;
}

/**
 * The attendee event page's Tips card (spec §2): 'Tip Host' opens TIP THE
 * HOST. It also greets the attendee back from checkout (`?tip=…`).
 */
export function TipHostCard({ hostId, eventId, hostName, canUseSavedCard }: TipHostCardProps) {
  const [opened, modal] = useDisclosure(false);
  useTipReturnNotice();

  return (
    <ActionCard
      title="Tips"
      text={`Enjoying the music? Send ${hostName} a tip.`}
      action={
        <Button leftSection={<IconCoin size={16} aria-hidden="true" />} onClick={modal.open}>
          Tip Host
        </Button>
      }
    >
      <LazyDialog
        dialog={tipHostModal}
        opened={opened}
        onClose={modal.close}
        hostId={hostId}
        hostName={hostName}
        eventId={eventId}
        canUseSavedCard={canUseSavedCard}
      />
    </ActionCard>
  );
}
