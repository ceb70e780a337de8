import {
  CHALLENGE_ACK_CODE,
  DISPLAY_SOCKET_AUTH,
  type DisplayState,
  type DisplaySubscribePayload,
} from '@floorfill/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { challengeIn, MAX_CHALLENGE_ROUNDS, solveChallenge, startChecking } from '@/lib/challenge';
import { openStandaloneSocket } from '@/lib/socket';
import { displayKeys } from '../api/get-display';

/** An unanswered subscribe leaves the screen on its poll until the next connection. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

/**
 * Keeps the big screen live on a connection of its own, which needs no
 * session: on every (re)connect it subscribes to the event's display room by
 * code and takes the whole state from the answer; `display:updated` pushes
 * replace it; `event:deleted` ends it. A busy address's challenge in the
 * answer is solved and the subscribe sent again with its proof, as the API
 * client does over HTTP (a few rounds per connection at most). Returns whether the screen is
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
    let solving = new AbortController();
    const subscribe = (
      payload: DisplaySubscribePayload,
      round: number,
      stopChecking?: () => void,
    ) => {
      socket.timeout(SUBSCRIBE_TIMEOUT_MS).emit('display:subscribe', payload, (error, answer) => {
        stopChecking?.();
        if (error) return;
        if (answer.ok) {
          store(answer.data);
          setLive(true);
          return;
        }
        const challenge =
          'code' in answer && answer.code === CHALLENGE_ACK_CODE && challengeIn(answer);
        if (!challenge || round >= MAX_CHALLENGE_ROUNDS) return;
        const { signal } = solving;
        const stop = startChecking();
        solveChallenge(challenge, signal).then(
          (altcha) => {
            if (signal.aborted) stop();
            else subscribe({ code, altcha }, round + 1, stop);
          },
          // Unsolved here: the screen stays on its poll, which has the same check.
          stop,
        );
      });
    };
    socket.on('connect', () => subscribe({ code }, 0));
    socket.on('disconnect', () => {
      setLive(false);
      // A proof is for one subscribe on one connection: the next connection asks afresh.
      solving.abort();
      solving = new AbortController();
    });
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
      solving.abort();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [code, queryClient]);

  return { live: live && !deleted, deleted };
}
