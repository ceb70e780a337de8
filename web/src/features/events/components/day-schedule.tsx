import { ActionIcon, Card, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEventList } from '../api/get-events';
import { EventCardGrid } from './event-card-grid';

interface DayScheduleProps {
  day: string;
  timeZone: string;
  onBack: () => void;
  onCreate: () => void;
}

/** Spec §2 "SCHEDULE": the events starting on one day of the host's calendar. */
export function DaySchedule({ day, timeZone, onBack, onCreate }: DayScheduleProps) {
  const list = useEventList({
    date: day,
    tz: timeZone,
    perPage: 50,
    sort: 'start_time',
    order: 'asc',
  });
  const events = list.data?.data ?? [];

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="schedule-title">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Back to upcoming events">
            <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label="Back">
              <IconArrowLeft size={20} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <div>
            <Title order={2} fz="sm" tt="uppercase" lts={1} c="dimmed" id="schedule-title">
              Schedule
            </Title>
            <Text fw={700}>{dayjs(day).format('dddd, D MMMM YYYY')}</Text>
          </div>
        </Group>
        <Tooltip label="Create an event on this day">
          <ActionIcon size="lg" onClick={onCreate} aria-label="Create event on this day">
            <IconPlus size={20} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
      <EventCardGrid
        events={events}
        pending={list.isPending}
        columns={2}
        loadingLabel="Loading schedule"
      />
    </Card>
  );
}
