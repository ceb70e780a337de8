/**
 * An attendee's phone as the load generator plays one: a bare WebSocket that
 * speaks Socket.IO's wire protocol (Engine.IO 4 over WebSocket, text frames)
 * just far enough to sign in, subscribe to the event's room, answer the
 * server's pings and hand each `event:stats` frame on unparsed. The server
 * cannot tell it from socket.io-client, which costs the load generator about
 * as much CPU per push as the server spends sending it; on one machine that
 * CPU is taken from the nodes being measured.
 *
 *   server → `0{sid…}`                 open: the client asks for the namespace with `40{"token":…}`
 *   server → `40{sid…}`                in: the client sends `420["event:subscribe",{eventId}]`
 *   server → `430[{ok:true…}]`         the subscribe's answer (ack id 0)
 *   server → `44{message…}`            refused
 *   server → `2`                       ping: the client answers `3`
 *   server → `42["event:stats",{…}]`   a push (others are ignored)
 */
import WebSocket from 'ws';

const STATS_FRAME = '42["event:stats",';
/** `event:subscribe` with ack id 0, and its answer. */
const SUBSCRIBE = '420';
const SUBSCRIBE_ANSWER = '430';

export interface LeanAttendee {
  close(): void;
}

/**
 * Connects one attendee to `nodeUrl`, signs in with `token` and subscribes to
 * the event's room; resolves once subscribed. `onStats` gets each
 * `event:stats` frame as the server sent it.
 */
export function connectLeanAttendee(
  nodeUrl: string,
  token: string,
  eventId: number,
  onStats: (frame: string) => void,
): Promise<LeanAttendee> {
  const url = `${nodeUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const attendee: LeanAttendee = { close: () => ws.close() };
  return new Promise((resolve, reject) => {
    let subscribed = false;
    const fail = (reason: string) => {
      ws.terminate();
      reject(new Error(reason));
    };
    ws.on('error', (error) => {
      if (!subscribed) reject(error);
    });
    ws.on('close', () => {
      if (!subscribed) reject(new Error('closed before subscribing'));
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = data.toString();
      if (frame.startsWith(STATS_FRAME)) return onStats(frame);
      if (frame === '2') return ws.send('3');
      if (subscribed) return;
      if (frame.startsWith('0{')) return ws.send(`40${JSON.stringify({ token })}`);
      if (frame.startsWith('40')) {
        return ws.send(`${SUBSCRIBE}${JSON.stringify(['event:subscribe', { eventId }])}`);
      }
      if (frame.startsWith('44')) return fail(`refused: ${frame.slice(2)}`);
      if (frame.startsWith(SUBSCRIBE_ANSWER)) {
        const [answer] = JSON.parse(frame.slice(SUBSCRIBE_ANSWER.length)) as [{ ok?: boolean }];
        if (answer?.ok !== true) return fail(`could not subscribe: ${frame}`);
        subscribed = true;
        resolve(attendee);
      }
    });
  });
}

/** The seq an `event:stats` frame carries (read only when asked, not per push). */
export function seqOfStatsFrame(frame: string): number {
  const [, push] = JSON.parse(frame.slice(2)) as [string, { seq?: number }];
  return push.seq ?? 0;
}
