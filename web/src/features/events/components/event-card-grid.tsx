import { MSG, type EventSummary } from '@floorfill/shared';
import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import { EventCard } from './event-card';

interface EventCardGridProps {
  events: readonly EventSummary[];
  /** The list is loading: a placeholder card in each column instead. */
  pending: boolean;
  /** Columns from the small breakpoint up; one on a phone. */
  columns: number;
  /** What the loading placeholder is called for screen readers. */
  loadingLabel: string;
}

/** A host's events as cards in a grid, or its loading placeholders, or "no events". */
export function EventCardGrid({ events, pending, columns, loadingLabel }: EventCardGridProps) {
  const cols = { base: 1, sm: columns };
  if (pending) {
    return (
      <SimpleGrid cols={cols} aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: columns }, (_, key) => (
          <Skeleton key={key} h={220} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (events.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {MSG.noEvents}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={cols}>
      {events.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </SimpleGrid>
  );
}
