import {
  DISPLAY_SOCKET_AUTH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@floorfill/shared';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Listen on a random loopback port (once) and return the base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** A real Socket.IO client, WebSocket only, as the web app (or, with `display`, a big screen) connects. */
export function connectSocket(
  baseUrl: string,
  auth: { token?: string; cookie?: string; display?: true } = {},
): TestSocket {
  return io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: auth.token ? { token: auth.token } : auth.display ? { ...DISPLAY_SOCKET_AUTH } : {},
    extraHeaders: auth.cookie ? { cookie: auth.cookie } : {},
  });
}

export function connected(socket: TestSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The next push of this name, or a rejection after `ms` (a missing push fails the test, it does not time it). */
export function nextPush<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  name: E,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return nextPushWhere(socket, name, () => true, ms);
}

/**
 * The next push of this name that `wanted` accepts, passing over others (a
 * coalesced push of an earlier write may still be on its way).
 */
export function nextPushWhere<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  name: E,
  wanted: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no such ${name} push within ${ms} ms`)), ms);
    // The typed on() cannot take a listener generic over the event name; the untyped view can.
    const eventName: string = name;
    const untyped = socket as unknown as Socket;
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!wanted(payload)) return;
      clearTimeout(timer);
      untyped.off(eventName, listener);
      resolve(payload);
    };
    untyped.on(eventName, listener);
  });
}

export function subscribe(socket: TestSocket, eventId: number) {
  return socket.emitWithAck('event:subscribe', { eventId });
}
