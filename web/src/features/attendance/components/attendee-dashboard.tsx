import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { errorMessageOf } from '@/lib/api-client';
import { useJoinedEvents } from '../api/get-joined-events';
import { JoinEventForm } from './join-event-form';
import { JoinedEventsCarousel } from './joined-events-carousel';

export const NO_JOINED_EVENTS_YET = 'You have not joined any event yet.';

function JoinedEvents() {
  const joined = useJoinedEvents();
  const title = (
    <Title order={2} fz="lg" id="joined-events-title">
      Joined Events
    </Title>
  );
  if (joined.data && joined.data.length > 0) {
    return <JoinedEventsCarousel events={joined.data} header={title} />;
  }
  return (
    <>
      {title}
      <JoinedEventsState />
    </>
  );
}

/** Loading, failed or empty: what shows until there are joined events. */
function JoinedEventsState() {
  const joined = useJoinedEvents();
  if (joined.isError) {
    return (
      <Stack align="flex-start" gap="xs">
        <Text>{errorMessageOf(joined.error)}</Text>
        <Button variant="light" onClick={() => void joined.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (!joined.data) {
    return <Skeleton h={280} radius="lg" aria-label="Loading joined events" />;
  }
  if (joined.data.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon variant="light" size={48} radius="xl" aria-hidden="true">
            <IconCalendarOff size={26} />
          </ThemeIcon>
          <Text fw={600}>{NO_JOINED_EVENTS_YET}</Text>
          <Text size="sm" c="dimmed">
            Events you join show up here.
          </Text>
        </Stack>
      </Paper>
    );
  }
  return null;
}

/** The attendee dashboard below its greeting: join by code, then the joined events. */
export function AttendeeDashboard() {
  return (
    <Stack gap="xl">
      <JoinEventForm />
      <Stack gap="sm" component="section" aria-labelledby="joined-events-title">
        <JoinedEvents />
      </Stack>
    </Stack>
  );
}
