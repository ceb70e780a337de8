import proxyAddr from '@fastify/proxy-addr';
import { MSG, REQUEST_ID_PATTERN } from '@floorfill/shared';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import type { TrustProxy } from '../config.ts';
import { EVENT_PASS_COOKIE } from '../events/event-pass.ts';
import type { AppServer, AppSocket } from './socket-types.ts';

/** The engine.io connection under a socket: the one its upgrade request came in on. */
type EngineSocket = AppSocket['conn'];

/** What a socket's sign-in needs of its upgrade request, taken before the request is let go. */
interface UpgradeFacts {
  /** The client's address as the HTTP routes see it (TRUST_PROXY applied). */
  address: string;
  /** The session cookie's token, for a client that sends no token of its own. */
  cookieToken: string | undefined;
  /** The `x-request-id` a load balancer set on the upgrade, when it has the shape app.ts accepts. */
  reqId: string | undefined;
  /** The event pass the browser holds (events/event-pass.ts), for a big screen's code. */
  eventPass: string | undefined;
}

/** What Fastify's trustProxy does with TRUST_PROXY, for a socket's handshake request. */
function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

function requestIdOf(request: IncomingMessage): string | undefined {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : undefined;
}

function cookieOf(request: IncomingMessage, app: FastifyInstance, name: string) {
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader) return undefined;
  return app.parseCookie(cookieHeader)[name] || undefined;
}

/** The token the client sent with its namespace request (`auth: { token }`), if any. */
function authToken(socket: AppSocket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  return typeof auth?.token === 'string' && auth.token ? auth.token : undefined;
}

/** Does the handshake ask to be let in as a big screen without a session? */
function asksForDisplay(socket: AppSocket): boolean {
  const auth = socket.handshake.auth as { display?: unknown } | undefined;
  return auth?.display === true;
}

/**
 * Lets a socket in with its session (the `auth.token` it sends, else the
 * session cookie of its upgrade request), or as a big screen without one;
 * anything else is refused with `MSG.unauthenticated`.
 *
 * Socket.IO keeps each connection's upgrade request for the connection's
 * whole life, and builds the socket's `handshake.headers` from it: a few KB
 * of every idle socket, which nothing reads once the socket is in. Socket.IO's
 * memory guide ("Memory usage") drops it as the engine.io connection opens;
 * what sign-in needs of it is taken first and kept beside the connection
 * until the socket is in.
 */
export function admitSockets(io: AppServer, app: FastifyInstance): void {
  const trust = trustFunction(app.ctx.config.trustProxy);
  const upgrades = new WeakMap<EngineSocket, UpgradeFacts>();

  io.engine.on('connection', (connection: EngineSocket) => {
    const { request } = connection;
    upgrades.set(connection, {
      address: proxyAddr(request, trust),
      cookieToken: cookieOf(request, app, SESSION_COOKIE),
      eventPass: cookieOf(request, app, EVENT_PASS_COOKIE),
      reqId: requestIdOf(request),
    });
    // The guide's own line; engine.io's types do not declare the null it documents.
    (connection as { request: IncomingMessage | null }).request = null;
  });

  io.use((socket, next) => {
    const facts = upgrades.get(socket.conn);
    if (!facts) return next(new Error(MSG.unauthenticated));
    socket.data.address = facts.address;
    socket.data.reqId = facts.reqId;
    const token = authToken(socket) ?? facts.cookieToken;
    // A big screen has no session and sends none: it is let in to display:subscribe only.
    if (!token && asksForDisplay(socket)) {
      socket.data.session = null;
      socket.data.eventPass = facts.eventPass;
      upgrades.delete(socket.conn);
      return next();
    }
    app.sessions
      .resolve(token)
      .then((session) => {
        if (!session) return next(new Error(MSG.unauthenticated));
        socket.data.session = session;
        // Kept until now so a refused socket may ask again on the same connection.
        upgrades.delete(socket.conn);
        return next();
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'socket authentication failed');
        next(new Error(MSG.serviceUnavailable));
      });
  });
}
