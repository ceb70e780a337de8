import type { HostLanding as HostLandingData, HostLandingEvent } from '@floorfill/shared';
import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CheckingNote } from '@/components/ui/checking-note';
import { paths } from '@/config/paths';
import { useCheckingDevice } from '@/lib/challenge';
import { EventPosterFacts, HostRating } from './event-landing';
import { GuestEntryForm } from './guest-entry-form';
import classes from './landing.module.css';

interface HostLandingProps {
  host: HostLandingData;
  signedIn: boolean;
  joining: boolean;
  /** Join the event holding `code`: as a guest (with the first name given) when nobody is signed in. */
  onJoin: (code: string, firstName?: string) => void;
}

function SocialLinks({ links }: { links: HostLandingData['social_links'] }) {
  if (links.length === 0) return null;
  return (
    <Group component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Links">
      {links.map((link) => (
        <li key={`${link.name}-${link.link}`}>
          <Anchor href={link.link} target="_blank" rel="noopener noreferrer nofollow">
            <Group gap={6} wrap="nowrap">
              <img src={link.logo} alt="" width={18} height={18} />
              {link.name}
            </Group>
          </Anchor>
        </li>
      ))}
    </Group>
  );
}

interface EventEntryProps {
  event: HostLandingEvent;
  featured: boolean;
  signedIn: boolean;
  joining: boolean;
  onJoin: HostLandingProps['onJoin'];
}

/**
 * One of the host's events. The first (live, or the next) offers the way in
 * where the page stands, as its landing would; the others lead to their
 * landing. Without a code (the page was opened by id alone) there is no way
 * in here: the code is the event's QR's.
 */
function EventEntry({ event, featured, signedIn, joining, onJoin }: EventEntryProps) {
  const checking = useCheckingDevice(joining);
  const titleId = `host-event-${event.code || event.start_time}`;
  let entry;
  if (!event.code) {
    entry = (
      <Text size="sm">Scan the event&apos;s QR code, or ask the host for its code, to join.</Text>
    );
  } else if (!featured) {
    entry = (
      <Button
        component={Link}
        to={paths.room.landing.getHref(event.code)}
        variant="light"
        aria-describedby={titleId}
      >
        Open this event
      </Button>
    );
  } else if (signedIn) {
    entry = (
      <Stack gap="xs">
        <Button size="lg" fullWidth loading={joining} onClick={() => onJoin(event.code)}>
          Join
        </Button>
        <CheckingNote checking={checking} />
      </Stack>
    );
  } else {
    entry = (
      <GuestEntryForm
        joining={joining}
        onJoinAsGuest={(firstName) => onJoin(event.code, firstName)}
        landingHref={paths.room.landing.getHref(event.code)}
      />
    );
  }
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Stack gap="xs">
        {featured && event.banner_path ? (
          <img src={event.banner_path} alt="" className={classes.banner} />
        ) : null}
        <Title order={3} size="h4" id={titleId}>
          {event.name}
        </Title>
        <EventPosterFacts event={event} />
        {entry}
      </Stack>
    </Paper>
  );
}

/**
 * What a host's profile link and QR open, for anyone: who the host is (name,
 * picture, rating, bio, links) and their live or next events, the first with
 * the same one-tap way in as the event's landing.
 */
export function HostLanding({ host, signedIn, joining, onJoin }: HostLandingProps) {
  return (
    <Stack className={classes.page} gap="md">
      {host.cover_photo_path ? (
        <img src={host.cover_photo_path} alt="" className={classes.banner} />
      ) : null}
      <Group gap="md" wrap="nowrap">
        <Avatar src={host.profile_image_path} alt="" radius="xl" size="lg">
          {host.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={2}>
          <Title order={1} size="h2">
            {host.name}
          </Title>
          <HostRating rating={host.rating} totalReview={host.total_review} />
        </Stack>
      </Group>
      {host.bio ? <Text style={{ whiteSpace: 'pre-line' }}>{host.bio}</Text> : null}
      <SocialLinks links={host.social_links} />
      <Stack gap="sm" component="section" aria-labelledby="host-events-title">
        <Title order={2} size="h3" id="host-events-title">
          {host.events.some((event) => event.is_live) ? 'On tonight' : 'Next events'}
        </Title>
        {host.events.length === 0 ? (
          <Text>No events coming up. Check back soon.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {host.events.map((event, index) => (
              <EventEntry
                key={`${event.start_time}-${event.name}-${index}`}
                event={event}
                featured={index === 0}
                signedIn={signedIn}
                joining={joining}
                onJoin={onJoin}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
