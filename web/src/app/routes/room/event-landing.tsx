import { useEffect, useLayoutEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { ContentLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { EventLanding, LandingNotice, useEventLanding } from '@/features/room';
import { useCheckingDevice } from '@/lib/challenge';
import { markPageDrawn } from '@/lib/idle';
import { landingState } from './landing-state';
import { useEventEntry } from './use-event-entry';

/**
 * `/e/:code`, what the event's QR opens. Nobody signed in: the landing, and
 * Join as guest signs in and joins in one go (scanning the event's own code is
 * the consent). Anyone signed in joins at once (a host switches to attendee
 * mode, told so). Ended or unknown codes get a plain page.
 */
export function EventLandingRoute() {
  const { code = '' } = useParams();
  const signedIn = useSessionStore((state) => state.status === 'signed-in');
  const lookup = useEventLanding(code);
  const checking = useCheckingDevice(lookup.isFetching);
  const autoJoinStarted = useRef(false);
  const { enter } = useEventEntry();

  // What can wait (the service worker, the toasts' code) starts once the page shows the event.
  const drawn = !lookup.isPending;
  useLayoutEffect(() => {
    if (drawn) markPageDrawn();
  }, [drawn]);

  const open = lookup.data?.kind === 'event' && !lookup.data.event.has_ended;
  useEffect(() => {
    if (!signedIn || !open || autoJoinStarted.current) return;
    autoJoinStarted.current = true;
    enter.mutate({ code, asGuest: false });
  }, [signedIn, open, enter, code]);

  const state = landingState(lookup, checking, {
    offline: 'The event will show here as soon as your phone is back online.',
    loading: 'Loading the event',
    unknown: {
      title: 'No event with this code',
      text: "Check the code with the host, or scan the event's QR code again.",
    },
  });
  if (state || lookup.data?.kind !== 'event') return state;
  const { event } = lookup.data;
  if (event.has_ended) {
    return (
      <LandingNotice
        title="This event has ended"
        text={`“${event.name}” ended on ${event.formatted_end_time}. Thanks for dancing.`}
      />
    );
  }
  if (signedIn && !enter.isPending) return <ContentLoader label="Joining the event" />;

  return (
    <EventLanding
      event={event}
      joining={enter.isPending}
      onJoinAsGuest={(firstName) => {
        // The guest sign-in makes this page signed in: the join that follows is this one.
        autoJoinStarted.current = true;
        enter.mutate({ code, asGuest: true, firstName });
      }}
      landingHref={paths.room.landing.getHref(code)}
    />
  );
}
