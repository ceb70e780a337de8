import { useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { PlayedSongToasts } from '@/features/requests/components/played-song-toasts';
import { useSocketSession } from '@/lib/socket';

/**
 * The shared socket (lib/socket.ts) is connected while the signed-in shell is
 * mounted; a requester hears that their song was played on any of its screens. A chunk
 * of its own: the public pages never load Socket.IO.
 */
export function LiveSocketLayout() {
  const signedIn = useSessionStore((state) => state.status === 'signed-in');
  // Opened on the guest's event page, the socket waits until the page has drawn (lib/idle.ts).
  const { pathname } = useLocation();
  const [openedOnGuestPage] = useState(
    () => matchPath(paths.attendee.eventDetails.path, pathname) !== null,
  );
  useSocketSession(signedIn, openedOnGuestPage);
  return (
    <>
      <PlayedSongToasts />
      <Outlet />
    </>
  );
}
