import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRoomLive } from '@/features/realtime';

export const RECONNECTING_MSG = 'Reconnecting — showing the last state, updated every 5 s';

/** A page that just opened is connecting, not reconnecting: the banner waits this long. */
const OFFLINE_GRACE_MS = 2000;

function useOfflineBanner(live: boolean): boolean {
  const [downSince, setDownSince] = useState<number | null>(null);
  useEffect(() => {
    if (live) return;
    const timer = setTimeout(() => setDownSince(Date.now()), OFFLINE_GRACE_MS);
    return () => {
      clearTimeout(timer);
      setDownSince(null);
    };
  }, [live]);
  return !live && downSince !== null;
}

/**
 * Shown once the booth's connection has been down past the grace: it polls
 * meanwhile. Its own component, so the connection coming and going redraws
 * this banner alone, not the queue.
 */
export function ReconnectingBanner() {
  const offline = useOfflineBanner(useRoomLive());
  return offline ? (
    <Alert color="orange" variant="filled" icon={<IconWifiOff aria-hidden="true" />}>
      {RECONNECTING_MSG}
    </Alert>
  ) : null;
}
