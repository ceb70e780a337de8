import { formatMoney, type BoostState, type BoostTotals, type HostBoost } from '@floorfill/shared';
import {
  Badge,
  Button,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/features/events';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEventBoosts, useRefundBoost } from '../api/event-boosts';
import { SummaryFigure } from './summary-figure';

const NO_BOOSTS_TONIGHT = 'No boosts tonight.';

/** Each state as the host's list names it, on a badge whose text keeps 4.5:1 (`autoContrast`). */
const STATE_BADGES: Record<BoostState, { label: string; color: string }> = {
  pending: { label: 'Paying', color: 'gray.7' },
  held: { label: 'Held', color: 'yellow.5' },
  charged: { label: 'Charged', color: 'teal.9' },
  released: { label: 'Released', color: 'gray.7' },
  failed: { label: 'Failed', color: 'red.9' },
  refunded: { label: 'Refunded', color: 'blue.9' },
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Totals({ totals }: { totals: BoostTotals }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      <SummaryFigure
        label="Boosts charged"
        value={formatMoney(totals.charged_cents, totals.currency)}
        note={plural(totals.charged_count, 'boost', 'boosts')}
      />
      <SummaryFigure
        label="Boosts released"
        value={formatMoney(totals.released_cents, totals.currency)}
        note={plural(totals.released_count, 'boost', 'boosts')}
      />
      <SummaryFigure
        label="Boosts refunded"
        value={formatMoney(totals.refunded_cents, totals.currency)}
        note={plural(totals.refunded_count, 'boost', 'boosts')}
      />
    </SimpleGrid>
  );
}

function BoostRows({
  boosts,
  onRefund,
}: {
  boosts: readonly HostBoost[];
  onRefund: (boost: HostBoost) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label="Boosts of the night">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Song</Table.Th>
            <Table.Th>Guest</Table.Th>
            <Table.Th ta="end">Amount</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {boosts.map((boost) => {
            const badge = STATE_BADGES[boost.state];
            return (
              <Table.Tr key={boost.id}>
                <Table.Td>{boost.song_name}</Table.Td>
                <Table.Td>{boost.attendee_name}</Table.Td>
                <Table.Td ta="end">{formatMoney(boost.amount_cents, boost.currency)}</Table.Td>
                <Table.Td>
                  <Badge color={badge.color} variant="filled" autoContrast>
                    {badge.label}
                  </Badge>
                  {boost.capture_failed ? (
                    <Text size="xs" c="dimmed">
                      Could not be charged
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="end">
                  {boost.refundable ? (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Refund ${formatMoney(boost.amount_cents, boost.currency)} to ${boost.attendee_name}`}
                      onClick={() => onRefund(boost)}
                    >
                      Refund
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Whether the night had any boost money to count. */
function hasTotals(totals: BoostTotals): boolean {
  return totals.charged_count + totals.released_count + totals.refunded_count > 0;
}

interface NightBoostsProps {
  eventId: number;
  /** The night's boost money, as the night summary counts it. */
  totals: BoostTotals;
  /** A boost was given back: the totals are to be counted again. */
  onRefunded: () => void;
}

/**
 * The night summary's boosts (issue 30): what was charged, released and
 * refunded, and each boost of the night with who gave it; a charged one may
 * be refunded for a day, after a question.
 */
export function NightBoosts({ eventId, totals, onRefunded }: NightBoostsProps) {
  const night = useEventBoosts(eventId);
  const refund = useRefundBoost(eventId);
  const [refunding, setRefunding] = useState<HostBoost | null>(null);
  const noBoosts = night.data?.boosts.length === 0 && !hasTotals(totals);

  const confirmRefund = () => {
    if (!refunding) return;
    refund.mutate(refunding.id, {
      onSuccess: ({ msg }) => {
        if (msg) notifySuccess(msg);
        setRefunding(null);
        onRefunded();
      },
      onError: (error) => {
        notifyError(errorMessageOf(error));
        setRefunding(null);
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="night-boosts-title">
      <Title order={3} fz="md" id="night-boosts-title">
        Boosts
      </Title>
      {noBoosts ? <Text c="dimmed">{NO_BOOSTS_TONIGHT}</Text> : null}
      {hasTotals(totals) ? <Totals totals={totals} /> : null}
      {night.isPending ? <Loader size="sm" aria-label="Loading the boosts" /> : null}
      {night.isError ? (
        <Text c="var(--mantine-color-error)">{errorMessageOf(night.error)}</Text>
      ) : null}
      {night.data && night.data.boosts.length > 0 ? (
        <BoostRows boosts={night.data.boosts} onRefund={setRefunding} />
      ) : null}
      <ConfirmDialog
        opened={refunding !== null}
        title="Refund this boost?"
        confirmLabel="Refund"
        danger
        loading={refund.isPending}
        onConfirm={confirmRefund}
        onCancel={() => setRefunding(null)}
      >
        {refunding
          ? `Refund ${formatMoney(refunding.amount_cents, refunding.currency)} to ${refunding.attendee_name}? This gives the money back.`
          : null}
      </ConfirmDialog>
    </Stack>
  );
}
