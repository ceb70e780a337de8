import type { ClientToServerEvents, ServerToClientEvents } from '@floorfill/shared';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { afterPageDrawn } from './idle';

/**
 * The one Socket.IO connection of the app (design §4). Same origin, WebSocket
 * only (no sticky sessions needed behind a load balancer); the HttpOnly
 * session cookie rides along with the upgrade request, so nothing is read or
 * stored here. It connects only while someone is signed in
 * (`useSocketSession`), and every screen shares it through `getSocket()`.
 */

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type PushName = keyof ServerToClientEvents;

let socket: AppSocket | null = null;
/** True between `connectSocket()` and `disconnectSocket()`: the app wants a live socket. */
let wanted = false;
/** Numbers each connection, so a reconnect is told apart from the connection before it. */
let connectionCount = 0;
let connectionId: number | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
const connectionListeners = new Set<() => void>();

function setConnectionId(value: number | null): void {
  if (connectionId === value) return;
  connectionId = value;
  for (const listener of connectionListeners) listener();
}

/** A server that drains (or kicks us) does not trigger the client's own retry: come back on another node. */
function reconnectSoon(target: AppSocket): void {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  // A little jitter, so a whole node's clients do not land on the next one at once.
  reconnectTimer = setTimeout(
    () => {
      reconnectTimer = null;
      // An active socket is already reconnecting by itself: a second connect() would open a second session.
      if (wanted && !target.connected && !target.active) target.connect();
    },
    250 + Math.floor(Math.random() * 750),
  );
}

/** A connection of the app's kind (same origin, WebSocket only, the session cookie if any). */
function createSocket(autoConnect: boolean, auth?: Record<string, unknown>): AppSocket {
  return io({ transports: ['websocket'], autoConnect, withCredentials: true, auth });
}

/**
 * A connection of its own for a screen that works without a session (the big
 * screen, which says so in its handshake `auth`): it connects at once and
 * reconnects by itself; the caller closes it.
 */
export function openStandaloneSocket(auth: Record<string, unknown>): AppSocket {
  return createSocket(true, auth);
}

export function getSocket(): AppSocket {
  if (socket) return socket;
  const created = createSocket(false);
  created.on('connect', () => setConnectionId(++connectionCount));
  created.on('disconnect', (reason) => {
    setConnectionId(null);
    if (reason === 'io server disconnect' && wanted) reconnectSoon(created);
  });
  created.on('server:draining', () => {
    setConnectionId(null);
    if (wanted) reconnectSoon(created);
  });
  socket = created;
  return created;
}

export function connectSocket(): void {
  wanted = true;
  const target = getSocket();
  if (!target.connected && !target.active) target.connect();
}

export function disconnectSocket(): void {
  wanted = false;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  socket?.disconnect();
  setConnectionId(null);
}

export function isSocketConnected(): boolean {
  return connectionId !== null;
}

function currentConnectionId(): number | null {
  return connectionId;
}

function subscribeConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/**
 * The current connection's number, or null while disconnected. Each reconnect
 * gets a new number: what was subscribed on the old connection is gone.
 */
export function useSocketConnectionId(): number | null {
  return useSyncExternalStore(subscribeConnection, currentConnectionId, () => null);
}

/** Whether the shared socket is connected right now; re-renders on every change. */
export function useSocketConnected(): boolean {
  return useSocketConnectionId() !== null;
}

/**
 * Keeps the socket connected while `signedIn`; disconnects on logout or
 * unmount. With `afterDrawn` (a guest page that carries its first answers)
 * it connects once the page has drawn its content: the connection and the
 * room's first answer would otherwise redraw the page before it is shown.
 */
export function useSocketSession(signedIn: boolean, afterDrawn = false): void {
  useEffect(() => {
    if (!signedIn) {
      disconnectSocket();
      return;
    }
    if (!afterDrawn) {
      connectSocket();
      return () => disconnectSocket();
    }
    const cancel = afterPageDrawn(connectSocket);
    return () => {
      cancel();
      disconnectSocket();
    };
  }, [signedIn, afterDrawn]);
}

/**
 * Listens to one server push while the component is mounted. The handler may
 * change every render; the subscription does not.
 */
export function useSocketEvent<E extends PushName>(
  name: E,
  handler: ServerToClientEvents[E],
): void {
  const onPush = useEffectEvent((...args: Parameters<ServerToClientEvents[E]>) => {
    (handler as (...pushArgs: Parameters<ServerToClientEvents[E]>) => void)(...args);
  });
  useEffect(() => {
    const target = getSocket();
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) => {
      onPush(...args);
    }) as ServerToClientEvents[E];
    // The typed `on` cannot narrow a generic event name; the listener type matches by construction.
    const events = target as unknown as {
      on: (event: E, fn: ServerToClientEvents[E]) => void;
      off: (event: E, fn: ServerToClientEvents[E]) => void;
    };
    events.on(name, listener);
    return () => events.off(name, listener);
  }, [name]);
}

/** Test hook: forget the shared socket so the next `getSocket()` builds a fresh one. */
export function resetSocketForTests(): void {
  disconnectSocket();
  socket?.removeAllListeners();
  socket = null;
  setConnectionId(null);
}
