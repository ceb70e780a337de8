import type { EventSummary } from '@floorfill/shared';
import { AspectRatio, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { EventBanner } from './event-banner';

/** A dashboard card: banner, start month badge, name and place; the whole card opens the event. */
export function EventCard({ event }: { event: EventSummary }) {
  return (
    <Card
      component={Link}
      to={paths.host.eventDetails.getHref(event.id)}
      withBorder
      padding="sm"
      radius="md"
      aria-label={`${event.name}, ${event.formatted_start_time}`}
    >
      <Card.Section pos="relative">
        <AspectRatio ratio={16 / 9}>
          <EventBanner path={event.banner_path} name={event.name} />
        </AspectRatio>
        <Badge
          pos="absolute"
          top={8}
          left={8}
          size="lg"
          radius="sm"
          color="dark"
          variant="filled"
          aria-hidden="true"
        >
          {event.start_date_month} {event.start_day}
        </Badge>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={700} lineClamp={1} title={event.name}>
          {event.name}
        </Text>
        <Text size="sm" c="dimmed">
          {event.formatted_start_time}
        </Text>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={14} aria-hidden="true" />
          <Text size="sm" c="dimmed" lineClamp={1} title={event.location}>
            {event.location}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
