import { UPCOMING_EVENTS_ON_DASHBOARD } from '@floorfill/shared';
import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUpcomingEvents } from '../api/get-events';
import { EventCardGrid } from './event-card-grid';

/** Spec §2: the next three events and a way to all of them. */
export function UpcomingEvents() {
  const upcoming = useUpcomingEvents();
  const events = (upcoming.data ?? []).slice(0, UPCOMING_EVENTS_ON_DASHBOARD);
  const live = upcoming.data?.find((event) => event.is_live);

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="upcoming-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="sm" tt="uppercase" lts={1} c="dimmed" id="upcoming-title">
          Upcoming Events
        </Title>
        <Anchor component={Link} to={paths.host.events.getHref()} size="sm" fw={600}>
          See More
        </Anchor>
      </Group>
      {live ? (
        <Group justify="space-between" mb="sm" p="sm" bg="var(--mantine-color-default-hover)">
          <Text fw={700}>Live now: {live.name}</Text>
          <Button
            component={Link}
            to={paths.host.booth.getHref(live.id)}
            leftSection={<IconDeviceDesktop size={16} aria-hidden="true" />}
          >
            Open booth
          </Button>
        </Group>
      ) : null}
      <EventCardGrid
        events={events}
        pending={upcoming.isPending}
        columns={3}
        loadingLabel="Loading upcoming events"
      />
    </Card>
  );
}
