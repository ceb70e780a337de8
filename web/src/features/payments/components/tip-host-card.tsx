import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCoin } from '@tabler/icons-react';
import { useId } from 'react';
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
  const titleId = useId();
  useTipReturnNotice();

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg" id={titleId}>
          Tips
        </Title>
        <Text size="sm" c="dimmed">
          Enjoying the music? Send {hostName} a tip.
        </Text>
        <Button leftSection={<IconCoin size={16} aria-hidden="true" />} onClick={modal.open}>
          Tip Host
        </Button>
      </Stack>
      <LazyDialog
        dialog={tipHostModal}
        opened={opened}
        onClose={modal.close}
        hostId={hostId}
        hostName={hostName}
        eventId={eventId}
        canUseSavedCard={canUseSavedCard}
      />
    </Paper>
  );
}
