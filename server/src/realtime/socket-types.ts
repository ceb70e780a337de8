import type { ClientToServerEvents, ServerToClientEvents } from '@floorfill/shared';
import type { Server, Socket } from 'socket.io';
import type { RequestSession } from '../auth/session.ts';

/** What a socket keeps of its handshake for its whole life. */
export interface SocketData {
  /** Null for a big screen let in without a session (it may only display:subscribe). */
  session: RequestSession | null;
  /** The client's address as the HTTP routes see it (TRUST_PROXY applied). */
  address: string;
  /** The handshake's request id, for the socket's log lines. */
  reqId?: string | undefined;
  /** A big screen's event pass (events/event-pass.ts): its own link opened it. */
  eventPass?: string | undefined;
}

/** Pushes about one event that carry its seq: those can be coalesced, keeping the newest. */
export type CoalescedName = {
  [K in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[K]>[0] extends {
    eventId: number;
    seq: number;
  }
    ? K
    : never;
}[keyof ServerToClientEvents];
export type CoalescedPush = { eventId: number; seq: number } & Parameters<
  ServerToClientEvents[CoalescedName]
>[0];

/** The arguments of one push. */
export type PushArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/**
 * Between nodes: a coalesced push, for each node to pass on to its own
 * sockets, and whether the write may have changed what the room sees of the
 * queue (the big screen, the line).
 */
export interface InterServerEvents {
  coalesced: (name: CoalescedName, push: CoalescedPush, queueShown?: boolean) => void;
  /** A session ended: each node closes its own sockets of it. */
  'session-ended': (session: { userId: number; sessionId: string }) => void;
  /** An event's big-screen state changed: each node with screens watching recomputes it. */
  display: (eventId: number) => void;
  /** What the room sees of an event's queue changed: each node recomputes its screens and line. */
  'queue-shown': (eventId: number) => void;
}

export type AppServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
