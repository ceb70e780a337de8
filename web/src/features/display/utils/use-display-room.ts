import { DISPLAY_SOCKET_AUTH, type DisplayState } from '@floorfill/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openStandaloneSocket } from '@/lib/socket';
import { displayKeys } from '../api/get-display';

/** An unanswered subscribe leaves the screen on its poll until the next connection. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

/**
 * Keeps the big screen live on a connection of its own, which needs no
 * session: on every (re)connect it subscribes to the event's display room by
 * code and takes the whole state from the answer; `display:updated` pushes
 * replace it; `event:deleted` ends it. Returns whether the screen is
 * subscribed right now, and whether its event was deleted.
 */
export function useDisplayRoom(code: string): { live: boolean; deleted: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    const socket = openStandaloneSocket({ ...DISPLAY_SOCKET_AUTH });
    let eventId: number | null = null;
    const store = (state: DisplayState) => {
      eventId = state.event_id;
      queryClient.setQueryData(displayKeys.state(code), state);
    };
    socket.on('connect', () => {
      socket.timeout(SUBSCRIBE_TIMEOUT_MS).emit('display:subscribe', { code }, (error, answer) => {
        if (error || !answer.ok) return;
        store(answer.data);
        setLive(true);
      });
    });
    socket.on('disconnect', () => setLive(false));
    socket.on('display:updated', (push) => {
      if (eventId === null || push.eventId === eventId) store(push.state);
    });
    // The host deleted the event: the screen stops showing it (its code now leads nowhere).
    socket.on('event:deleted', (push) => {
      if (eventId === null || push.eventId !== eventId) return;
      setDeleted(true);
      socket.disconnect();
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [code, queryClient]);

  return { live: live && !deleted, deleted };
}
