import { MSG } from '@floorfill/shared';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ContentLoader } from '@/components/ui/page-loader';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { HostLanding, LandingNotice, useHostLanding } from '@/features/room';
import { errorMessageOf, isRefused, isWaitingForNetwork } from '@/lib/api-client';
import { useCheckingDevice } from '@/lib/challenge';
import { markPageDrawn } from '@/lib/idle';
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

  if (isWaitingForNetwork(lookup) && !lookup.data) {
    return (
      <LandingNotice
        title="You are offline"
        text="The host's page will show here as soon as your phone is back online."
      />
    );
  }
  if (lookup.isPending) {
    return (
      <ContentLoader label="Loading the host" caption={checking ? MSG.checkingDevice : null} />
    );
  }
  if (lookup.isError) {
    // A refusal says how long to wait; it is not "something went wrong".
    const title = isRefused(lookup.error) ? 'Wait before you try again' : 'Something went wrong';
    return <LandingNotice title={title} text={errorMessageOf(lookup.error)} />;
  }
  if (lookup.data.kind === 'unknown') {
    return (
      <LandingNotice
        title="No host at this link"
        text="Check the link with the host, or scan their QR code again."
      />
    );
  }
  return (
    <HostLanding
      host={lookup.data.host}
      signedIn={signedIn}
      joining={enter.isPending}
      onJoin={(code, firstName) => enter.mutate({ code, asGuest: !signedIn, firstName })}
    />
  );
}
