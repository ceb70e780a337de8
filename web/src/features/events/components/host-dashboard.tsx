import { Grid, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { activateStripeAccountQuietly } from '../api/activate-stripe-account';
import { eventFormForDay } from '../utils/event-form';
import { browserTimeZone } from '../utils/time-zone';
import { useTipPaidNotice } from '../utils/use-tip-paid-notice';
import { CreateEventButton } from './create-event-button';
import { DashboardStats } from './dashboard-stats';
import { DaySchedule } from './day-schedule';
import { EventFormModal } from './event-form-modal';
import { EventsCalendar } from './events-calendar';
import { UpcomingEvents } from './upcoming-events';

const DAY_PARAM = 'day';
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The host's home: a Create Event button first (a new DJ's first step, issue
 * 26), totals, the calendar and either the upcoming events or, once a day is
 * picked, that day's schedule. The picked day lives in the URL
 * (?day=), so Back returns from the schedule.
 */
export function HostDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const dayParam = searchParams.get(DAY_PARAM);
  const day = dayParam && DAY_SHAPE.test(dayParam) ? dayParam : null;
  const [timeZone] = useState(browserTimeZone);
  const [creating, setCreating] = useState(false);
  useTipPaidNotice();

  useEffect(() => {
    void activateStripeAccountQuietly();
  }, []);

  function openDay(next: string) {
    setSearchParams({ [DAY_PARAM]: next }, { replace: day !== null });
  }

  function closeDay() {
    setSearchParams({});
  }

  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <CreateEventButton onClick={() => setCreating(true)} />
      </Group>
      <DashboardStats />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <EventsCalendar timeZone={timeZone} selectedDay={day} onDayClick={openDay} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          {day ? (
            <DaySchedule
              day={day}
              timeZone={timeZone}
              onBack={closeDay}
              onCreate={() => setCreating(true)}
            />
          ) : (
            <UpcomingEvents />
          )}
        </Grid.Col>
      </Grid>
      <EventFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        mode="create"
        initialValues={day ? eventFormForDay(day) : undefined}
      />
    </Stack>
  );
}
