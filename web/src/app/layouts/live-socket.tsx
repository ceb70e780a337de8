import { Outlet } from 'react-router-dom';
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
  useSocketSession(signedIn);
  return (
    <>
      <PlayedSongToasts />
      <Outlet />
    </>
  );
}
