import type { AttendeeEventDetails } from '@floorfill/shared';
import { Button, Stack } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { HostCard } from '@/features/events';
import { TipHostCard } from '@/features/payments';
import { RateHostCard } from '@/features/ratings';

interface HostColumnProps {
  event: AttendeeEventDetails;
  isGuest: boolean;
}

/**
 * Beside the event (below it on a phone): the host, with a way to their
 * profile; tipping and rating for guests who joined. Ratings come once the
 * event has started, tips when the host has payouts set up: the server
 * refuses the others, so they are not offered.
 */
export function HostColumn({ event, isGuest }: HostColumnProps) {
  const hostName = event.host.display_name || event.host.name;
  return (
    <Stack gap="lg">
      <HostCard
        host={event.host}
        action={
          <Button
            component={Link}
            to={paths.attendee.hostProfile.getHref(event.host.id)}
            variant="light"
            leftSection={<IconUser size={16} aria-hidden="true" />}
            mt="xs"
          >
            View Profile
          </Button>
        }
      />
      {event.joined && event.host.accepts_tips ? (
        <TipHostCard
          hostId={event.host.id}
          eventId={event.id}
          hostName={hostName}
          canUseSavedCard={!isGuest}
        />
      ) : null}
      {event.joined && (event.is_live || event.has_ended) ? (
        <RateHostCard
          hostId={event.host.id}
          eventId={event.id}
          isRated={event.is_rated}
          isGuest={isGuest}
        />
      ) : null}
    </Stack>
  );
}
