import { boostStateText, type Boost, type BoostState } from '@floorfill/shared';
import { Button, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBolt,
  IconCircleCheck,
  IconHourglass,
  IconLock,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { useState } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { LazyDialog, lazyDialog } from '@/lib/lazy-dialog';
import { canBoostSong } from '../utils/boost-list';
import classes from './boosts.module.css';

// The dialog's code (amounts, payment) loads when the page is idle or at the first tap.
const boostDialog = lazyDialog(() => import('./boost-dialog'), 'BoostDialog');

const STATE_ICONS: Record<BoostState, typeof IconLock> = {
  pending: IconHourglass,
  held: IconLock,
  charged: IconCircleCheck,
  released: IconArrowBackUp,
  failed: IconAlertTriangle,
  refunded: IconReceiptRefund,
};

/** What the host's settings let a guest boost with tonight (null: boosts are off or over). */
export interface BoostOffer {
  eventId: number;
  /** The smallest boost, in minor units of `currency`. */
  minCents: number;
  currency: string;
  /** Members may pay with the card saved in their wallet; guests have none. */
  canUseSavedCard: boolean;
}

/** One boost under its request: its state in words, with an outline and icon of its own. */
function BoostStateLine({ boost }: { boost: Boost }) {
  const Icon = STATE_ICONS[boost.state];
  return (
    <li className={classes.state} data-state={boost.state}>
      <Icon size={16} aria-hidden="true" className={classes.icon} />
      <Text size="sm">{boostStateText(boost)}</Text>
    </li>
  );
}

interface RequestBoostsProps {
  songId: string;
  songName: string;
  /** This song's boosts by the guest, newest first. */
  boosts: readonly Boost[];
  /** The request still waits to be played (neither playing, played nor passed on). */
  waiting: boolean;
  offer: BoostOffer | null;
}

/**
 * Under one of the guest's requests (issue 30): each of their boosts of the
 * song with where it stands, and Boost while the song waits, boosts are on,
 * and no boost of it is open (being paid or held).
 */
export function RequestBoosts({ songId, songName, boosts, waiting, offer }: RequestBoostsProps) {
  const [opened, setOpened] = useState(false);
  const boostable = offer !== null && waiting && canBoostSong(boosts, songId);
  if (boosts.length === 0 && !boostable) return null;
  return (
    <Stack gap={6} mt={6}>
      {boosts.length > 0 ? (
        <PlainList gap={4} aria-label={`Boosts of ${songName}`}>
          {boosts.map((boost) => (
            <BoostStateLine key={boost.id} boost={boost} />
          ))}
        </PlainList>
      ) : null}
      {boostable ? (
        <Button
          variant="light"
          size="md"
          mih={44}
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconBolt size={18} aria-hidden="true" />}
          aria-label={`Boost “${songName}”`}
          onClick={() => setOpened(true)}
        >
          Boost
        </Button>
      ) : null}
      {offer ? (
        <LazyDialog
          dialog={boostDialog}
          opened={opened}
          onClose={() => setOpened(false)}
          eventId={offer.eventId}
          songId={songId}
          songName={songName}
          minCents={offer.minCents}
          currency={offer.currency}
          canUseSavedCard={offer.canUseSavedCard}
        />
      ) : null}
    </Stack>
  );
}
