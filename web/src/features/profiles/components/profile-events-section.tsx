import type { EventSummary } from '@floorfill/shared';
import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ProfileEventCard } from './profile-event-card';

interface ProfileEventsSectionProps {
  title: string;
  events: EventSummary[];
  eventHref: (eventId: number) => string;
  /** What an empty list says, and an optional way forward. */
  emptyText: string;
  emptyAction?: ReactNode;
}

/** A titled grid of event cards (Upcoming Events, Joined Events) with its empty state. */
export function ProfileEventsSection({
  title,
  events,
  eventHref,
  emptyText,
  emptyAction,
}: ProfileEventsSectionProps) {
  const id = `${title.toLowerCase().replace(/\s+/g, '-')}-title`;
  return (
    <Stack gap="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      {events.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon variant="light" size={48} radius="xl" aria-hidden="true">
              <IconCalendarOff size={26} />
            </ThemeIcon>
            <Text c="dimmed">{emptyText}</Text>
            {emptyAction}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {events.map((event) => (
            <ProfileEventCard key={event.id} event={event} href={eventHref(event.id)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
