import { formatCents, formatMoney, type BoostTotals } from '@floorfill/shared';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconCoin, IconMusic, IconUsers, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useHostDashboard } from '../api/get-events';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: Icon;
  hint?: string;
  /** A second small line under the hint. */
  note?: string;
}

function StatCard({ label, value, icon: StatIcon, hint, note }: StatCardProps) {
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={1}>
            {label}
          </Text>
          <Text fz={28} fw={800} lh={1.2}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </div>
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
          <StatIcon size={22} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Boost money the host took (issue 30), under the tips; nothing until a boost was charged. */
function boostsChargedNote(boosts: BoostTotals): string | undefined {
  if (boosts.charged_count === 0) return undefined;
  return `Boosts charged: ${boosts.charged_count} · ${formatMoney(boosts.charged_cents, boosts.currency)}`;
}

/** Spec §2: EVENTS, USERS, REQUEST (all time), and TIPS once the server reports them. */
export function DashboardStats() {
  const dashboard = useHostDashboard();
  const data = dashboard.data;
  const cols = data?.tips ? { base: 1, xs: 2, lg: 4 } : { base: 1, xs: 3 };

  if (!data) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 3 }} aria-busy="true" aria-label="Loading totals">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={92} radius="md" />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <SimpleGrid cols={cols} component="section" aria-label="Totals">
      <StatCard label="Events" value={data.events} icon={IconCalendarEvent} />
      <StatCard label="Users" value={data.users} icon={IconUsers} />
      <StatCard label="Request" value={data.requests} icon={IconMusic} />
      {data.tips ? (
        <StatCard
          label="Tips"
          value={formatCents(data.tips.total_cents)}
          icon={IconCoin}
          hint={`${data.tips.count} ${data.tips.count === 1 ? 'tip' : 'tips'}`}
          note={boostsChargedNote(data.boosts)}
        />
      ) : null}
    </SimpleGrid>
  );
}
