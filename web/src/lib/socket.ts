import type { ClientToServerEvents, ServerToClientEvents } from '@floorfill/shared';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

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
let connected = false;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
const connectionListeners = new Set<() => void>();

function setConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of connectionListeners) listener();
}

/** A server that drains (or kicks us) does not trigger the client's own retry: come back on another node. */
function reconnectSoon(target: AppSocket): void {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  // A little jitter, so a whole node's clients do not land on the next one at once.
  reconnectTimer = setTimeout(
    () => {
      reconnectTimer = null;
      if (wanted && !target.connected) target.connect();
    },
    250 + Math.floor(Math.random() * 750),
  );
}

export function getSocket(): AppSocket {
  if (socket) return socket;
  const created: AppSocket = io({
    transports: ['websocket'],
    autoConnect: false,
    withCredentials: true,
  });
  created.on('connect', () => setConnected(true));
  created.on('disconnect', (reason) => {
    setConnected(false);
    if (reason === 'io server disconnect' && wanted) reconnectSoon(created);
  });
  created.on('server:draining', () => {
    setConnected(false);
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
  setConnected(false);
}

export function isSocketConnected(): boolean {
  return connected;
}

function subscribeConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/** Whether the shared socket is connected right now; re-renders on every change. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribeConnection, isSocketConnected, () => false);
}

/** Keeps the socket connected while `signedIn`; disconnects on logout or unmount. */
export function useSocketSession(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) {
      disconnectSocket();
      return;
    }
    connectSocket();
    return () => disconnectSocket();
  }, [signedIn]);
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
  setConnected(false);
}
