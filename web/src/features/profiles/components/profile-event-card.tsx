import type { EventSummary } from '@floorfill/shared';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import classes from './profile.module.css';

function EventBanner({ event }: { event: EventSummary }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={classes.eventBanner}>
      {event.banner_path && !failed ? (
        <img
          src={event.banner_path}
          alt=""
          className={classes.eventBannerImage}
          onError={() => setFailed(true)}
        />
      ) : null}
      <div className={classes.dateBadge} aria-hidden="true">
        <Text fz={11} fw={800} tt="uppercase">
          {event.start_date_month}
        </Text>
        <Text fz={20} fw={800}>
          {event.start_day}
        </Text>
      </div>
    </div>
  );
}

interface ProfileEventCardProps {
  event: EventSummary;
  href: string;
}

/** One event of a profile's list: the whole card is one link to the event. */
export function ProfileEventCard({ event, href }: ProfileEventCardProps) {
  return (
    <Card withBorder radius="lg" padding={0} className={classes.eventCard} pos="relative">
      <EventBanner event={event} />
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text component={Link} to={href} fw={700} lineClamp={2} className={classes.eventLink}>
            {event.name}
          </Text>
          {event.is_live ? (
            <Badge color="red.9" variant="filled" size="sm">
              Live
            </Badge>
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={16} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" c="dimmed">
            {event.formatted_start_time}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" c="dimmed" lineClamp={2}>
            {event.location}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
