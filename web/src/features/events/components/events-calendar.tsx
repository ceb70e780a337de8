import '@mantine/dates/styles.css';
import { Card, Indicator, Title } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useEventCalendar } from '../api/get-events';

interface EventsCalendarProps {
  timeZone: string;
  /** The day open in the schedule view, if any. */
  selectedDay: string | null;
  onDayClick: (day: string) => void;
}

function dayLabel(day: string, count: number): string {
  const date = dayjs(day).format('dddd, D MMMM YYYY');
  if (count === 0) return date;
  return `${date}, ${count} ${count === 1 ? 'event' : 'events'}`;
}

/** The month at a glance: days with events carry a dot; a day opens its schedule. */
export function EventsCalendar({ timeZone, selectedDay, onDayClick }: EventsCalendarProps) {
  const [shownDate, setShownDate] = useState(() => selectedDay ?? dayjs().format('YYYY-MM-DD'));
  const month = dayjs(shownDate).format('YYYY-MM');
  const calendar = useEventCalendar(month, timeZone);
  const counts = useMemo(
    () => new Map((calendar.data?.days ?? []).map((day) => [day.date, day.count])),
    [calendar.data],
  );

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="calendar-title">
      <Title order={2} fz="sm" tt="uppercase" lts={1} c="dimmed" mb="sm" id="calendar-title">
        Calendar
      </Title>
      <Calendar
        date={shownDate}
        onDateChange={setShownDate}
        hideOutsideDates
        weekendDays={[]}
        highlightToday
        fullWidth
        size="md"
        maxLevel="year"
        nextLabel="Next month"
        previousLabel="Previous month"
        getDayAriaLabel={(day) => dayLabel(day, counts.get(day) ?? 0)}
        getDayProps={(day) => ({
          selected: day === selectedDay,
          onClick: () => onDayClick(day),
        })}
        renderDay={(day) => (
          <Indicator
            size={7}
            offset={-3}
            color="pink.7"
            disabled={!counts.has(day)}
            position="bottom-center"
          >
            <span>{dayjs(day).date()}</span>
          </Indicator>
        )}
      />
    </Card>
  );
}
