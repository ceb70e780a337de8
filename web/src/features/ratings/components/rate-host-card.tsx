import { MSG } from '@floorfill/shared';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconStar } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { notifyError } from '@/lib/notify';
import { RateHostModal } from './rate-host-modal';

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
  // Hidden at once on success, before the refetched details say `is_rated`.
  const [ratedHere, setRatedHere] = useState(false);
  const titleId = useId();

  if (isRated || ratedHere) return null;

  const open = () => {
    if (isGuest) notifyError(MSG.pleaseLogin);
    else modal.open();
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg" id={titleId}>
          Rate The Host
        </Title>
        <Text size="sm" c="dimmed">
          How is the music tonight? Your rating helps other attendees.
        </Text>
        <Button
          variant="light"
          leftSection={<IconStar size={16} aria-hidden="true" />}
          onClick={open}
        >
          Rate The Host
        </Button>
      </Stack>
      <RateHostModal
        opened={opened}
        onClose={modal.close}
        hostId={hostId}
        eventId={eventId}
        onRated={() => setRatedHere(true)}
      />
    </Paper>
  );
}
