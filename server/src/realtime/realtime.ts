import { createAdapter } from '@socket.io/redis-adapter';
import {
  eventDisplayRoom,
  eventHostRoom,
  eventRoom,
  userRoom,
  type ServerToClientEvents,
} from '@floorfill/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { RequestSession } from '../auth/session.ts';
import { createOriginPolicy, handshakeOrigin } from '../http/same-origin.ts';
import { createRedis, quitRedis } from '../infra/redis.ts';
import { createFanOut } from './fan-out.ts';
import { admitSockets } from './handshake.ts';
import {
  createMemoryPushLog,
  createRedisPushLog,
  type PushAudience,
  type PushLog,
} from './push-log.ts';
import { createQueueViews } from './queue-views.ts';
import { createRoomStats } from './room-stats.ts';
import type {
  AppServer,
  AppSocket,
  CoalescedName,
  CoalescedPush,
  PushArgs,
} from './socket-types.ts';
import {
  createSubscriptions,
  emptyRoomSources,
  type DisplayStates,
  type EventRoomAuthorizer,
  type LineReader,
  type RejectedReader,
} from './subscriptions.ts';

export interface Realtime {
  readonly io: AppServer;
  /** Push to everyone watching an event (on every node). Call only after the write committed. */
  toEvent<E extends keyof ServerToClientEvents>(
    eventId: number,
    name: E,
    ...args: PushArgs<E>
  ): void;
  /**
   * As `toEvent`, one push in two forms: the host's sockets get `hostArgs`,
   * every other socket watching gets `roomArgs` (a song whose words wait for
   * the host, in its neutral form). Logged once; a reconnecting attendee's
   * delta shows the room's form too (`foldPushes`).
   */
  toEventWithHostForm<E extends keyof ServerToClientEvents>(
    eventId: number,
    name: E,
    hostArgs: PushArgs<E>,
    roomArgs: PushArgs<E>,
  ): void;
  /**
   * Push to the event's host only (on every node): changes attendees' pages
   * do not show. Call only after the write committed, and send every seq the
   * write bumped to the whole room too (`toEvent`), or attendees see a gap.
   */
  toEventHost<E extends keyof ServerToClientEvents>(
    eventId: number,
    name: E,
    ...args: PushArgs<E>
  ): void;
  /**
   * `request:upserted` to the event's host, for a write that only added a
   * request to a song already waiting: a reconnect's delta then carries the
   * song's counts alone.
   */
  toEventHostRecount(eventId: number, push: PushArgs<'request:upserted'>[0]): void;
  /**
   * State to everyone watching an event, coalesced: each node passes the
   * newest it heard (by seq, from any node) to its own sockets, the host's
   * at most once per HOST_STATS_INTERVAL_MS and the others at most once per
   * STATS_INTERVAL_MS (room-stats.ts). Its seq orders it; it is not a step
   * in the seq. `queueShown`: the write changed what the room sees of the
   * queue (a song's entry, what plays), so every node with sockets watching
   * computes the big screen's state and the line again, in the same message
   * between nodes (a queue write's one publish).
   */
  toEventCoalesced(
    name: CoalescedName,
    push: CoalescedPush,
    options?: { queueShown: boolean },
  ): void;
  /** Push to every socket of one user (on every node). */
  toUser<E extends keyof ServerToClientEvents>(userId: number, name: E, ...args: PushArgs<E>): void;
  authorizeEventRoomsWith(authorizer: EventRoomAuthorizer): void;
  /**
   * The event's big-screen state may have changed (after the write
   * committed): every node with screens watching it recomputes and sends
   * `display:updated`, at most once per DISPLAY_INTERVAL_MS; nodes without
   * any do nothing.
   */
  displayChanged(eventId: number): void;
  /**
   * What the room sees of the queue may have changed without a queue write
   * (the host chose another order): as `displayChanged`, and the line too.
   */
  queueShown(eventId: number): void;
  serveDisplayWith(states: DisplayStates): void;
  /**
   * Where the line comes from. After a write that changed what the room sees
   * of the queue, every node with sockets in the event's room reads it once
   * and passes it on as `event:line` to them, at most once per
   * LINE_INTERVAL_MS and only when it differs from the last one passed on.
   */
  serveLineWith(read: LineReader): void;
  /**
   * Where an attendee's rejected requests come from: a reconnect's delta in
   * which songs left the queue carries them, since the `request:rejected`
   * sent meanwhile found no socket.
   */
  serveRejectedWith(read: RejectedReader): void;
  /** Closes the sockets a session opened, on every node (the session ended: logout). */
  endSession(session: Pick<RequestSession, 'userId' | 'sessionId'>): void;
  /** Closes every socket of a user, on every node (all their sessions ended: password reset). */
  endUserSessions(userId: number): void;
  /** Tell clients to reconnect elsewhere and close their sockets (graceful shutdown). */
  drain(): void;
  close(): Promise<void>;
}

/** Rooms named by `eventRoom(id)`; the others are host and user rooms and each socket's own room. */
const EVENT_ROOM = /^event:\d+$/;

/**
 * Socket.IO on the app's own HTTP server. With Redis the adapter carries every
 * room emit to the other nodes. WebSocket is the only transport, so a load
 * balancer needs no sticky sessions (see docs/operations.md).
 */
export function attachRealtime(app: FastifyInstance): Realtime {
  const { config, metrics } = app.ctx;
  const originPolicy = createOriginPolicy(config.publicUrl);
  const io: AppServer = new Server(app.server, {
    transports: ['websocket'],
    serveClient: false,
    pingInterval: 20_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 16 * 1024,
    // No permessage-deflate (see subscriptions.ts): room pushes go out as one pre-encoded frame.
    perMessageDeflate: false,
    // A page on another site may open a WebSocket here with the visitor's cookie: refuse its handshake.
    allowRequest: (request, callback) => {
      callback(null, originPolicy.allows(request.headers, handshakeOrigin(request)));
    },
  });

  const redisClients: Redis[] = [];
  let pushLog: PushLog;
  if (config.redisUrl) {
    // Every queue write publishes twice (the host's push, the room's counts), and writes come in
    // crowds: their publishes leave together, one write to Redis per turn of the event loop
    // instead of one per publish, the same messages in the same order.
    const pub = createRedis(config.redisUrl, app.log, 'io-pub', { autoPipelining: true });
    const sub = createRedis(config.redisUrl, app.log, 'io-sub');
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}:io` }));
    pushLog = createRedisPushLog(pub, config.redisPrefix, app.log);
  } else {
    pushLog = createMemoryPushLog();
  }
  /** Only the Redis adapter has other nodes: the in-memory one warns on every serverSideEmit. */
  const hasOtherNodes = redisClients.length > 0;

  metrics.observeSockets({
    connectedSockets: () => io.of('/').sockets.size,
    eventRooms: () => {
      let count = 0;
      for (const room of io.of('/').adapter.rooms.keys()) if (EVENT_ROOM.test(room)) count += 1;
      return count;
    },
  });

  let closed = false;
  const isClosed = () => closed;
  const sources = emptyRoomSources();
  const fanOut = createFanOut(io, metrics, isClosed);
  const stats = createRoomStats(io, metrics, fanOut, isClosed);
  const views = createQueueViews(io, { sources, metrics, fanOut, log: app.log });

  /** A socket's logger, made only when there is something to say (one per idle socket would cost). */
  const logOf = (socket: AppSocket) =>
    app.log.child({
      socketId: socket.id,
      userId: socket.data.session?.userId,
      reqId: socket.data.reqId,
    });
  const subscriptions = createSubscriptions({
    sources,
    pushLog,
    metrics,
    currentLine: views.currentLine,
    logOf,
  });

  admitSockets(io, app);
  io.on('connection', (socket) => {
    if (app.log.level === 'debug' || app.log.level === 'trace') {
      logOf(socket).debug('socket connected');
      socket.on('disconnect', (reason) => logOf(socket).debug({ reason }, 'socket disconnected'));
    }
    socket.on('display:subscribe', subscriptions.onDisplaySubscribe);
    const { session } = socket.data;
    if (!session) return;
    void socket.join(userRoom(session.userId));
    socket.on('event:subscribe', subscriptions.onEventSubscribe);
    socket.on('event:unsubscribe', subscriptions.onEventUnsubscribe);
  });

  io.on('coalesced', (name, push, queueShown) => {
    stats.offer(name, push);
    if (queueShown === true) views.queueShown(push.eventId);
  });
  io.on('display', (eventId) => views.displayChanged(eventId));
  io.on('queue-shown', (eventId) => views.queueShown(eventId));

  /**
   * Closes this node's sockets of one session (signed out). They are found
   * among their user's (a room of its own per session would cost every idle
   * socket).
   */
  function closeSessionSockets(userId: number, sessionId: string): void {
    const namespace = io.of('/');
    for (const socketId of namespace.adapter.rooms.get(userRoom(userId)) ?? []) {
      const socket = namespace.sockets.get(socketId);
      if (socket?.data.session?.sessionId === sessionId) socket.disconnect(true);
    }
  }
  io.on('session-ended', ({ userId, sessionId }) => closeSessionSockets(userId, sessionId));

  /**
   * Pushes leave after the current turn of the event loop, so the HTTP answer
   * of the write that caused them is written first: with thousands of sockets
   * in a room the fan-out takes tens of milliseconds, which the requester
   * should not wait for. setImmediate runs callbacks in the order queued, so
   * pushes keep their order.
   */
  function push<E extends keyof ServerToClientEvents>(
    room: string | string[],
    name: E,
    args: PushArgs<E>,
    except?: string,
  ): void {
    metrics.socketEmits.inc({ event: name });
    setImmediate(() => {
      // Closing flushed what was queued before it; nothing may publish on the closed Redis clients.
      if (closed) return;
      const target = except === undefined ? io.to(room) : io.to(room).except(except);
      target.emit(name, ...args);
    });
  }

  /**
   * Every push that is a step in an event's seq is remembered (ahead of its
   * emit), so a client reconnecting after missing it can be told in a delta.
   */
  function logPush<E extends keyof ServerToClientEvents>(
    eventId: number,
    audience: PushAudience,
    name: E,
    args: PushArgs<E>,
    recount?: true,
  ): void {
    const [payload] = args as unknown[];
    const seq = (payload as { seq?: unknown } | undefined)?.seq;
    if (typeof seq !== 'number') return;
    pushLog.append(eventId, {
      seq,
      audience,
      name,
      push: payload,
      ...(recount ? { recount } : {}),
    });
  }

  return {
    io,
    toEvent(eventId, name, ...args) {
      logPush(eventId, 'room', name, args);
      // A deleted event's big screens hear it too: they stop showing it (a socket in both rooms gets it once).
      const rooms =
        name === 'event:deleted'
          ? [eventRoom(eventId), eventDisplayRoom(eventId)]
          : eventRoom(eventId);
      push(rooms, name, args);
    },
    toEventWithHostForm(eventId, name, hostArgs, roomArgs) {
      logPush(eventId, 'room', name, hostArgs);
      push(eventHostRoom(eventId), name, hostArgs);
      push(eventRoom(eventId), name, roomArgs, eventHostRoom(eventId));
    },
    toEventHost(eventId, name, ...args) {
      logPush(eventId, 'host', name, args);
      push(eventHostRoom(eventId), name, args);
    },
    toEventHostRecount(eventId, upserted) {
      logPush(eventId, 'host', 'request:upserted', [upserted], true);
      push(eventHostRoom(eventId), 'request:upserted', [upserted]);
    },
    toUser(userId, name, ...args) {
      push(userRoom(userId), name, args);
    },
    toEventCoalesced(name, push, options) {
      stats.offer(name, push);
      const queueShown = options?.queueShown === true;
      if (queueShown) views.queueShown(push.eventId);
      // The other nodes' sockets hear it from their own node.
      if (!closed && hasOtherNodes) io.serverSideEmit('coalesced', name, push, queueShown);
    },
    authorizeEventRoomsWith(authorizer) {
      sources.authorizeEventRoom = authorizer;
    },
    endSession({ userId, sessionId }) {
      closeSessionSockets(userId, sessionId);
      if (!closed && hasOtherNodes) io.serverSideEmit('session-ended', { userId, sessionId });
    },
    displayChanged(eventId) {
      views.displayChanged(eventId);
      if (!closed && hasOtherNodes) io.serverSideEmit('display', eventId);
    },
    queueShown(eventId) {
      views.queueShown(eventId);
      if (!closed && hasOtherNodes) io.serverSideEmit('queue-shown', eventId);
    },
    serveDisplayWith(states) {
      sources.displayStates = states;
    },
    serveLineWith(read) {
      sources.readLine = read;
    },
    serveRejectedWith(read) {
      sources.readRejected = read;
    },
    endUserSessions(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    drain() {
      metrics.socketEmits.inc({ event: 'server:draining' });
      io.local.emit('server:draining');
      io.local.disconnectSockets(true);
    },
    async close() {
      // Pushes queued before the close still go out (setImmediate runs them in order, this last).
      await new Promise((resolve) => setImmediate(resolve));
      stats.flushAll();
      // The counts just flushed leave on the next turn, before the sockets close.
      await new Promise((resolve) => setImmediate(resolve));
      closed = true;
      stats.close();
      views.close();
      await pushLog.close();
      await io.close();
      await Promise.all(redisClients.map(quitRedis));
    },
  };
}
