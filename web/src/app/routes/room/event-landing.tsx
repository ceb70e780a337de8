import { ROLE } from '@floorfill/shared';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate, useParams, type NavigateFunction } from 'react-router-dom';
import { ContentLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { attendanceKeys } from '@/features/attendance/api/attendance-keys';
import { joinEvent } from '@/features/attendance/api/membership';
import { loginAsGuest } from '@/features/auth/api/login';
import { useRedirectStore } from '@/features/auth/stores/redirect-store';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { EventLanding, LandingNotice, rememberGuestName, useEventLanding } from '@/features/room';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { markPageDrawn } from '@/lib/idle';
import { notifyError } from '@/lib/notify';
import { removePagePoster } from '@/lib/page-poster';

const HOST_MODE_NOTICE_ID = 'room:attendee-mode';

/** A host who opened an event link is now an attendee here; the notice says so and offers the way back. */
function announceAttendeeMode(navigate: NavigateFunction) {
  const backToHost = () => {
    notifications.hide(HOST_MODE_NOTICE_ID);
    useSessionStore.getState().switchRole(ROLE.host);
    navigate(paths.host.dashboard.getHref());
  };
  notifications.show({
    id: HOST_MODE_NOTICE_ID,
    title: 'You are in attendee mode',
    message: (
      <Stack gap={6} align="flex-start">
        <Text size="sm">You opened an event link, so you join this event as an attendee.</Text>
        <Button size="xs" variant="light" onClick={backToHost}>
          Back to host mode
        </Button>
      </Stack>
    ),
    autoClose: 10_000,
  });
}

interface Entry {
  asGuest: boolean;
  firstName?: string;
}

/**
 * `/e/:code`, what the event's QR opens. Nobody signed in: the landing, and
 * Join as guest signs in and joins in one go (scanning the event's own code is
 * the consent). Anyone signed in joins at once (a host switches to attendee
 * mode, told so). Ended or unknown codes get a plain page.
 */
export function EventLandingRoute() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((state) => state.status === 'signed-in');
  const lookup = useEventLanding(code);
  const autoJoinStarted = useRef(false);

  const enter = useMutation({
    mutationFn: async ({ asGuest, firstName = '' }: Entry) => {
      if (asGuest) {
        const { data } = await loginAsGuest(firstName || undefined);
        rememberGuestName(firstName);
        useSessionStore.getState().signIn(data.user, data.role);
      }
      const { data: event } = await joinEvent(code);
      return event.id;
    },
    onSuccess: async (eventId) => {
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      navigate(paths.attendee.eventDetails.getHref(eventId), { replace: true });
    },
    onError: (error) => notifyError(errorMessageOf(error)),
  });

  // The server's poster of this page (lib/page-poster.ts) gives way in the frame the page draws.
  const drawn = !lookup.isPending;
  useLayoutEffect(() => {
    if (!drawn) return;
    removePagePoster();
    markPageDrawn();
  }, [drawn]);

  const open = lookup.data?.kind === 'event' && !lookup.data.event.has_ended;
  useEffect(() => {
    if (!signedIn || !open || autoJoinStarted.current) return;
    autoJoinStarted.current = true;
    const { role, switchRole } = useSessionStore.getState();
    if (role === ROLE.host) {
      switchRole(ROLE.attendee);
      announceAttendeeMode(navigate);
    }
    enter.mutate({ asGuest: false });
  }, [signedIn, open, enter, navigate]);

  // Offline (the app itself came from the service worker): the call waits for the
  // connection, or it found none. Either way the event shows once the phone is back online.
  const offline =
    lookup.fetchStatus === 'paused' ||
    (lookup.isError && isApiError(lookup.error) && lookup.error.httpStatus === 0);
  if (offline && !lookup.data) {
    return (
      <LandingNotice
        title="You are offline"
        text="The event will show here as soon as your phone is back online."
      />
    );
  }
  if (lookup.isPending) return <ContentLoader label="Loading the event" />;
  if (lookup.isError) {
    return <LandingNotice title="Something went wrong" text={errorMessageOf(lookup.error)} />;
  }
  if (lookup.data.kind === 'unknown') {
    return (
      <LandingNotice
        title="No event with this code"
        text="Check the code with the host, or scan the event's QR code again."
      />
    );
  }
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

  const signIn = () => {
    useRedirectStore.getState().save(paths.room.landing.getHref(code));
    navigate(paths.auth.login.getHref());
  };
  return (
    <EventLanding
      event={event}
      joining={enter.isPending}
      onJoinAsGuest={(firstName) => {
        // The guest sign-in makes this page signed in: the join that follows is this one.
        autoJoinStarted.current = true;
        enter.mutate({ asGuest: true, firstName });
      }}
      onSignIn={signIn}
    />
  );
}
