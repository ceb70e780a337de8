import { GUEST_NAME_MAX, type EventLanding as EventLandingData } from '@floorfill/shared';
import {
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Rating,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { rememberedGuestName } from '../utils/guest-name';
import classes from './landing.module.css';

function peopleHere(count: number): string {
  return count === 1 ? '1 person is here' : `${count} people are here`;
}

function reviewText(total: number): string {
  return total === 1 ? '1 review' : `${total} reviews`;
}

function HostCard({ host }: { host: EventLandingData['host'] }) {
  const shown = host.rating.toFixed(1);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={host.profile_image_path} alt="" radius="xl" size="md">
        {host.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={0}>
        <Text fw={600}>Hosted by {host.name}</Text>
        <Group
          gap={6}
          wrap="nowrap"
          role="img"
          aria-label={`Rated ${shown} out of 5 from ${reviewText(host.total_review)}`}
        >
          <Rating value={host.rating} fractions={10} readOnly size="xs" />
          <Text size="sm">
            {shown} · {reviewText(host.total_review)}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

interface EventLandingProps {
  event: EventLandingData;
  joining: boolean;
  onJoinAsGuest: (firstName: string) => void;
  onSignIn: () => void;
}

/**
 * What the event's QR opens: the poster (name, host, time, banner, who is
 * here, whether requests are open) and one way in, as a guest, in one tap.
 */
export function EventLanding({ event, joining, onJoinAsGuest, onSignIn }: EventLandingProps) {
  const [firstName, setFirstName] = useState(rememberedGuestName);
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    onJoinAsGuest(firstName.trim());
  };
  return (
    <Stack className={classes.page} gap="md">
      {event.banner_path ? <img src={event.banner_path} alt="" className={classes.banner} /> : null}
      <Stack gap={4}>
        <Title order={1} size="h2">
          {event.name}
        </Title>
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
      </Stack>
      <HostCard host={event.host} />
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Your first name (optional)"
            description="The DJ sees it next to your requests."
            value={firstName}
            maxLength={GUEST_NAME_MAX}
            autoComplete="given-name"
            onChange={(change) => setFirstName(change.currentTarget.value)}
          />
          <Button type="submit" size="lg" fullWidth loading={joining}>
            Join as guest
          </Button>
          <Button variant="subtle" fullWidth onClick={onSignIn} disabled={joining}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Stack>
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
