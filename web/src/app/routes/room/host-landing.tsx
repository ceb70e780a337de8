import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { HostLanding, useHostLanding } from '@/features/room';
import { useCheckingDevice } from '@/lib/challenge';
import { markPageDrawn } from '@/lib/idle';
import { landingState } from './landing-state';
import { useEventEntry } from './use-event-entry';

/**
 * `/h/:hostId`, what a host's profile link and QR open, for anyone: the host
 * and their live or next events. The host's own link carries a key (`k`)
 * that brings the events' codes: then the first offers Join as guest, as the
 * event's landing does (or a direct Join to whoever is signed in). Opened by
 * id alone, the page shows the posters and sends to the event's QR instead.
 */
export function HostLandingRoute() {
  const { hostId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const signedIn = useSessionStore((state) => state.status === 'signed-in');
  const lookup = useHostLanding(hostId, searchParams.get('k'));
  const checking = useCheckingDevice(lookup.isFetching);
  const { enter } = useEventEntry();
  // Drawn: the work kept for later (the rest of the stylesheet, the service worker) may start.
  const drawn = !lookup.isPending;
  useEffect(() => {
    if (drawn) markPageDrawn();
  }, [drawn]);

  const state = landingState(lookup, checking, {
    offline: "The host's page will show here as soon as your phone is back online.",
    loading: 'Loading the host',
    unknown: {
      title: 'No host at this link',
      text: 'Check the link with the host, or scan their QR code again.',
    },
  });
  if (state || lookup.data?.kind !== 'host') return state;
  return (
    <HostLanding
      host={lookup.data.host}
      signedIn={signedIn}
      joining={enter.isPending}
      onJoin={(code, firstName) => enter.mutate({ code, asGuest: !signedIn, firstName })}
    />
  );
}
