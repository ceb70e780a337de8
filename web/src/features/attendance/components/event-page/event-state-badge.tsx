import { EVENT_PAGE_WORDS, type AttendeeEventDetails } from '@floorfill/shared';
import { Badge } from '@mantine/core';

/** Live or Ended above the event's name; nothing before it starts. */
export function EventStateBadge({ event }: { event: AttendeeEventDetails }) {
  if (event.is_live) {
    return (
      <Badge color="red.9" variant="filled">
        {EVENT_PAGE_WORDS.live}
      </Badge>
    );
  }
  if (event.has_ended) {
    return (
      <Badge color="gray.7" variant="filled">
        {EVENT_PAGE_WORDS.ended}
      </Badge>
    );
  }
  return null;
}
