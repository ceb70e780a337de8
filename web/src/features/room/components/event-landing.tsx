import type { EventLanding as EventLandingData, HostLandingEvent } from '@floorfill/shared';
import { Avatar, Badge, Group, Rating, Stack, Text, Title } from '@mantine/core';
import { GuestEntryForm } from './guest-entry-form';
import classes from './landing.module.css';

function peopleHere(count: number): string {
  return count === 1 ? '1 person is here' : `${count} people are here`;
}

function reviewText(total: number): string {
  return total === 1 ? '1 review' : `${total} reviews`;
}

/** The host's rating as stars and words, read as one sentence by a screen reader. */
export function HostRating({ rating, totalReview }: { rating: number; totalReview: number }) {
  const shown = rating.toFixed(1);
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="img"
      aria-label={`Rated ${shown} out of 5 from ${reviewText(totalReview)}`}
    >
      <Rating value={rating} fractions={10} readOnly size="xs" />
      <Text size="sm">
        {shown} · {reviewText(totalReview)}
      </Text>
    </Group>
  );
}

function HostCard({ host }: { host: EventLandingData['host'] }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={host.profile_image_path} alt="" radius="xl" size="md">
        {host.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={0}>
        <Text fw={600}>Hosted by {host.name}</Text>
        <HostRating rating={host.rating} totalReview={host.total_review} />
      </Stack>
    </Group>
  );
}

interface EventLandingProps {
  event: EventLandingData;
  joining: boolean;
  onJoinAsGuest: (firstName: string) => void;
  /** This page's address, where a sign-in comes back to. */
  landingHref: string;
}

/**
 * What the event's QR opens: the poster (name, host, time, banner, who is
 * here, whether requests are open) and one way in, as a guest, in one tap.
 */
export function EventLanding({ event, joining, onJoinAsGuest, landingHref }: EventLandingProps) {
  return (
    <Stack className={classes.page} gap="md">
      {event.banner_path ? <img src={event.banner_path} alt="" className={classes.banner} /> : null}
      <Stack gap={4}>
        <Title order={1} size="h2">
          {event.name}
        </Title>
        <EventPosterFacts event={event} />
      </Stack>
      <HostCard host={event.host} />
      <GuestEntryForm joining={joining} onJoinAsGuest={onJoinAsGuest} landingHref={landingHref} />
    </Stack>
  );
}

/** When the event is, whether it is on now, whether requests are open, how many are here. */
export function EventPosterFacts({ event }: { event: HostLandingEvent }) {
  return (
    <>
      <Text>
        {event.formatted_start_time}{' '}
        <Text span c="dimmed" size="sm">
          ({event.timezone})
        </Text>
      </Text>
      <Group gap="xs">
        {event.is_live ? <Badge color="teal.9">Live now</Badge> : null}
        <Badge
          variant="outline"
          color={event.requests_open ? 'var(--ff-color-positive)' : 'var(--ff-color-neutral)'}
        >
          {event.requests_open ? 'Requests open' : 'Requests closed'}
        </Badge>
        <Text size="sm">{peopleHere(event.joined_count)}</Text>
      </Group>
    </>
  );
}

/** An ended event, or a code no event holds: said plainly, with no login form. */
export function LandingNotice({ title, text }: { title: string; text: string }) {
  return (
    <Stack className={classes.page} gap="sm" py="xl">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{text}</Text>
    </Stack>
  );
}
