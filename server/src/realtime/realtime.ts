import proxyAddr from '@fastify/proxy-addr';
import { createAdapter } from '@socket.io/redis-adapter';
import { promisify } from 'node:util';
import { deflateRaw as deflateRawCallback } from 'node:zlib';
import {
  CHALLENGE_ACK_CODE,
  DEFLATE_DELTAS_FROM_BYTES,
  DELTA_ENCODING,
  displaySubscribePayload,
  eventDisplayRoom,
  eventHostRoom,
  eventRoom,
  MSG,
  subscribePayload,
  unsubscribePayload,
  userRoom,
  LINE_INTERVAL_MS,
  sameLine,
  type ChallengeRequiredData,
  type ClientToServerEvents,
  type DisplayState,
  type EventLine,
  type EventStats,
  type ServerToClientEvents,
  type SongRequest,
  type SubscribeAnswer,
} from '@floorfill/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import type { RequestSession } from '../auth/session.ts';
import type { TrustProxy } from '../config.ts';
import { ChallengeRequiredError } from '../http/busy-address.ts';
import { HttpError } from '../http/errors.ts';
import { createOriginPolicy, handshakeOrigin } from '../http/same-origin.ts';
import { createRedis, quitRedis } from '../infra/redis.ts';
import {
  createMemoryPushLog,
  createRedisPushLog,
  foldPushes,
  type PushAudience,
  type PushLog,
} from './push-log.ts';
import { createRoomState } from './room-state.ts';

interface SocketData {
  /** Null for a big screen let in without a session (it may only display:subscribe). */
  session: RequestSession | null;
  /** The client's address as the HTTP routes see it (TRUST_PROXY applied). */
  address: string;
  /** The handshake's request id, for the socket's log lines. */
  reqId?: string | undefined;
}

/** Pushes about one event that carry its seq: those can be coalesced, keeping the newest. */
type SequencedName = {
  [K in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[K]>[0] extends {
    eventId: number;
    seq: number;
  }
    ? K
    : never;
}[keyof ServerToClientEvents];
type CoalescedName = SequencedName;
type CoalescedPush = { eventId: number; seq: number } & Parameters<
  ServerToClientEvents[CoalescedName]
>[0];

/**
 * Between nodes: a coalesced push, for each node to pass on to its own
 * sockets, and whether the write may have changed what the room sees of the
 * queue (the big screen, the line).
 */
interface InterServerEvents {
  coalesced: (name: CoalescedName, push: CoalescedPush, queueShown?: boolean) => void;
  /** A session ended: each node closes its own sockets of it. */
  'session-ended': (session: { userId: number; sessionId: string }) => void;
  /** An event's big-screen state changed: each node with screens watching recomputes it. */
  display: (eventId: number) => void;
}

type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * The least time between two `event:stats` a socket gets: counts move with
 * every request, and a room of thousands of phones needs them twice a
 * second at most, not twenty times.
 */
export const STATS_INTERVAL_MS = 500;
/** The least time between two `display:updated` of one event: at most two a second. */
export const DISPLAY_INTERVAL_MS = 500;
type PushArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/** Rooms named by `eventRoom(id)`; the others are host and user rooms and each socket's own room. */
const EVENT_ROOM = /^event:\d+$/;
/** The request id shape app.ts accepts from `x-request-id`; a load balancer sets it on the upgrade too. */
const REQUEST_ID = /^[\w-]{8,64}$/;

function handshakeRequestId(socket: AppSocket): string | undefined {
  const given = socket.handshake.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : undefined;
}

/**
 * May this session watch this event's room? The events feature answers with
 * the same check as its REST details call (host of the event, or an attendee
 * who joined it), the event's current seq and counts, and whether the session
 * is the event's host (whose sockets also join the host room); null refuses.
 */
export type EventRoomAuthorizer = (
  session: RequestSession,
  eventId: number,
) => Promise<{ seq: number; isHost: boolean; stats: EventStats } | null>;

/**
 * The big screen's state, from the display feature: by code for a screen
 * subscribing (null: no such event; a wrong code spends the caller's code
 * budgets; an account past its own is refused with an HttpError, a busy
 * address without a solved challenge with a ChallengeRequiredError), and by
 * event for a recompute (null: the event is gone).
 */
export interface DisplayStates {
  byCode(
    code: string,
    caller: { address: string; userId?: number | undefined; altcha?: string | undefined },
  ): Promise<DisplayState | null>;
  byEvent(eventId: number): Promise<DisplayState | null>;
}

/** The event's line, from the live queue (null: the event is gone). */
export type LineReader = (eventId: number) => Promise<EventLine | null>;

/** An attendee's own requests for songs the host rejected in an event, from the live queue. */
export type RejectedReader = (eventId: number, attendeeId: number) => Promise<SongRequest[]>;

export interface Realtime {
  readonly io: AppServer;
  /** Push to everyone watching an event (on every node). Call only after the write committed. */
  toEvent<E extends keyof ServerToClientEvents>(
    eventId: number,
    name: E,
    ...args: PushArgs<E>
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
   * newest it heard (by seq, from any node) to its own sockets at most once
   * per STATS_INTERVAL_MS. Its seq orders it; it is not a step in the seq.
   * `queueShown`: the write changed what the room sees of the queue (a song's
   * entry, what plays), so every node with sockets watching computes the big
   * screen's state and the line again, in the same message between nodes (a
   * queue write's one publish).
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

/**
 * Once a socket is connected nothing reads its upgrade request again (the
 * session, the request id and the origin were taken from it), but engine.io
 * keeps the request and Socket.IO its headers and auth (the token) for the
 * socket's whole life: about 3 KB of every idle socket. Socket.IO's memory guide drops the request
 * the same way.
 */
/** One empty object for every socket's forgotten headers and auth, rather than two each. */
const FORGOTTEN: Record<string, never> = Object.freeze({});

function forgetUpgradeRequest(socket: AppSocket): void {
  (socket.conn as { request: unknown }).request = null;
  socket.handshake.headers = FORGOTTEN;
  socket.handshake.auth = FORGOTTEN;
}

/** What Fastify's trustProxy does with TRUST_PROXY, for a socket's handshake request. */
function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** Does the handshake ask to be let in as a big screen without a session? */
function asksForDisplay(socket: AppSocket): boolean {
  const auth = socket.handshake.auth as { display?: unknown } | undefined;
  return auth?.display === true;
}

function tokenFromHandshake(socket: AppSocket, app: FastifyInstance): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const cookieHeader = socket.handshake.headers.cookie;
  if (!cookieHeader) return undefined;
  return app.parseCookie(cookieHeader)[SESSION_COOKIE] || undefined;
}

const deflateRaw = promisify(deflateRawCallback);

/** Sockets a room-wide state push is written to per turn of the event loop (~10 ms of work). */
export const FAN_OUT_SLICE = 500;

/**
 * The subscribe answer, with a big delta raw-deflated for a client that can
 * inflate it (its JSON shrinks ~5×: a host back on venue Wi-Fi after a busy
 * minute). One-shot deflate: its compressor is freed with the call. The
 * WebSocket itself runs without permessage-deflate, which would keep a
 * compressor (~280 KB) alive for every socket it ever compressed for and
 * send each room push to each socket separately.
 */
async function packAnswer(answer: SubscribeAnswer, canInflate: boolean): Promise<SubscribeAnswer> {
  if (!canInflate || !answer.delta) return answer;
  const json = JSON.stringify(answer.delta);
  if (Buffer.byteLength(json) < DEFLATE_DELTAS_FROM_BYTES) return answer;
  return { seq: answer.seq, deltaDeflated: await deflateRaw(json) };
}

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
    // No permessage-deflate (see packAnswer): room pushes go out as one pre-encoded frame.
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

  metrics.observeSockets({
    connectedSockets: () => io.of('/').sockets.size,
    eventRooms: () => {
      let count = 0;
      for (const room of io.of('/').adapter.rooms.keys()) if (EVENT_ROOM.test(room)) count += 1;
      return count;
    },
  });

  const trust = trustFunction(config.trustProxy);
  io.use((socket, next) => {
    socket.data.address = proxyAddr(socket.request, trust);
    const token = tokenFromHandshake(socket, app);
    // A big screen has no session and sends none: it is let in to display:subscribe only.
    if (!token && asksForDisplay(socket)) {
      socket.data.session = null;
      return next();
    }
    app.sessions
      .resolve(token)
      .then((session) => {
        if (!session) return next(new Error(MSG.unauthenticated));
        socket.data.session = session;
        return next();
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'socket authentication failed');
        next(new Error(MSG.serviceUnavailable));
      });
  });

  let authorizeEventRoom: EventRoomAuthorizer = async () => null;
  let displayStates: DisplayStates = {
    byCode: async () => null,
    byEvent: async () => null,
  };
  let readLine: LineReader = async () => null;
  let readRejected: RejectedReader = async () => [];

  /** A socket's logger, made only when there is something to say (one per idle socket would cost). */
  const logOf = (socket: AppSocket) =>
    app.log.child({
      socketId: socket.id,
      userId: socket.data.session?.userId,
      reqId: socket.data.reqId,
    });

  /*
   * The handlers are shared by every socket (Socket.IO calls a listener with
   * the socket as `this`): a closure per handler per socket would be kept by
   * every idle socket for its whole life.
   */
  function onDisplaySubscribe(
    this: AppSocket,
    payload: unknown,
    ack: Parameters<ClientToServerEvents['display:subscribe']>[1],
  ): void {
    displaySubscribe(this, payload, ack);
  }

  function displaySubscribe(
    socket: AppSocket,
    payload: unknown,
    ack: Parameters<ClientToServerEvents['display:subscribe']>[1],
  ): void {
    const reply = typeof ack === 'function' ? ack : () => undefined;
    const parsed = displaySubscribePayload.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, error: MSG.invalidData });
    const { code, altcha } = parsed.data;
    displayStates
      .byCode(code, { address: socket.data.address, userId: socket.data.session?.userId, altcha })
      .then(async (state) => {
        if (!state) return reply({ ok: false, error: MSG.notFound });
        await socket.join(eventDisplayRoom(state.event_id));
        return reply({ ok: true, data: state });
      })
      .catch((error: unknown) => {
        // A busy address: the same challenge a 428 carries, for the screen to solve and ask again.
        if (error instanceof ChallengeRequiredError) {
          return reply({
            ok: false,
            error: error.message,
            code: CHALLENGE_ACK_CODE,
            msg: error.message,
            data: error.data as ChallengeRequiredData,
          });
        }
        if (error instanceof HttpError) return reply({ ok: false, error: error.message });
        logOf(socket).warn({ err: error }, 'display subscribe failed');
        return reply({ ok: false, error: MSG.serviceUnavailable });
      });
  }

  function onEventSubscribe(
    this: AppSocket,
    payload: unknown,
    ack: Parameters<ClientToServerEvents['event:subscribe']>[1],
  ): void {
    eventSubscribe(this, payload, ack);
  }

  function eventSubscribe(
    socket: AppSocket,
    payload: unknown,
    ack: Parameters<ClientToServerEvents['event:subscribe']>[1],
  ): void {
    const { session } = socket.data;
    const reply = typeof ack === 'function' ? ack : () => undefined;
    const parsed = subscribePayload.safeParse(payload);
    if (!session || !parsed.success) return reply({ ok: false, error: MSG.invalidData });
    const { eventId, since } = parsed.data;
    const canInflate = parsed.data.inflate === DELTA_ENCODING;
    authorizeEventRoom(session, eventId)
      .then(async (allowed) => {
        if (!allowed) return reply({ ok: false, error: MSG.notFound });
        const rooms = [eventRoom(eventId)];
        if (allowed.isHost) rooms.push(eventHostRoom(eventId));
        await socket.join(rooms);
        if (since === undefined) return reply({ ok: true, data: { seq: allowed.seq } });
        // Read after joining: a push sent between the seq's read and the join is logged
        // by now, so the delta reaches at least the seq answered and nothing falls between.
        const entries = await pushLog.read(eventId, since, allowed.seq);
        metrics.roomResyncs.inc({ via: entries ? 'delta' : 'snapshot' });
        if (!entries) return reply({ ok: true, data: { seq: allowed.seq } });
        const audience: PushAudience = allowed.isHost ? 'host' : 'room';
        const delta = foldPushes(entries, since, allowed.stats, audience);
        // An attendee's timeline needs the line as of now: it is coalesced state, never logged.
        const line = allowed.isHost ? null : await lines.current(eventId);
        if (line) delta.line = line;
        if (!allowed.isHost && delta.removed.length > 0) {
          delta.rejected = await readRejected(eventId, session.userId);
        }
        return reply({
          ok: true,
          data: await packAnswer({ seq: allowed.seq, delta }, canInflate),
        });
      })
      .catch((error: unknown) => {
        logOf(socket).warn({ err: error, eventId }, 'event subscribe failed');
        reply({ ok: false, error: MSG.serviceUnavailable });
      });
  }

  function onEventUnsubscribe(this: AppSocket, payload: unknown): void {
    const parsed = unsubscribePayload.safeParse(payload);
    if (!parsed.success) return;
    const { eventId } = parsed.data;
    void this.leave(eventRoom(eventId));
    void this.leave(eventHostRoom(eventId));
  }

  io.on('connection', (socket) => {
    socket.data.reqId = handshakeRequestId(socket);
    forgetUpgradeRequest(socket);
    if (app.log.level === 'debug' || app.log.level === 'trace') {
      logOf(socket).debug('socket connected');
      socket.on('disconnect', (reason) => logOf(socket).debug({ reason }, 'socket disconnected'));
    }
    socket.on('display:subscribe', onDisplaySubscribe);
    const { session } = socket.data;
    if (!session) return;
    void socket.join(userRoom(session.userId));
    socket.on('event:subscribe', onEventSubscribe);
    socket.on('event:unsubscribe', onEventUnsubscribe);
  });

  let closed = false;

  /**
   * Per event: the newest counts not yet passed on, and the seq of the last
   * passed on. An event's timer runs while it has counts to pass on or passed
   * some on less than an interval ago; an event quiet for an interval is forgotten.
   * The counts leave with setImmediate, as every push does: the pushes of the
   * writes they count were queued before them, so they arrive first.
   */
  const statsOf = new Map<
    number,
    {
      name: CoalescedName;
      latest: CoalescedPush | null;
      sentSeq: number;
      timer: NodeJS.Timeout | undefined;
      /** Its fan-out is still going out, slice by slice; the next interval starts after. */
      sending: boolean;
    }
  >();

  function flushStats(eventId: number): void {
    const entry = statsOf.get(eventId);
    if (!entry) return;
    entry.timer = undefined;
    if (!entry.latest || closed) {
      statsOf.delete(eventId);
      return;
    }
    metrics.socketEmits.inc({ event: entry.name });
    const { name, latest } = entry;
    const sending = entry;
    sending.sending = true;
    // The interval counts from the last slice written, so no socket hears counts twice within it.
    const sent = () => {
      sending.sending = false;
      sending.timer = setTimeout(() => flushStats(eventId), STATS_INTERVAL_MS);
    };
    setImmediate(() => {
      if (!closed) emitInSlices(eventRoom(eventId), (to) => to.emit(name, latest), sent);
    });
    entry.sentSeq = entry.latest.seq;
    entry.latest = null;
  }

  /** Keeps the newest state of an event, passed on now or once the last interval is over. */
  function offerStats(name: CoalescedName, push: CoalescedPush): void {
    let entry = statsOf.get(push.eventId);
    if (!entry) {
      entry = { name, latest: null, sentSeq: 0, timer: undefined, sending: false };
      statsOf.set(push.eventId, entry);
    }
    if (push.seq <= entry.sentSeq || (entry.latest && entry.latest.seq >= push.seq)) return;
    entry.latest = push;
    if (!entry.sending) entry.timer ??= setTimeout(() => flushStats(push.eventId), 0);
  }

  const hasSockets = (room: string) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;

  /**
   * A room-wide state push to this node's sockets of a room, a slice of
   * FAN_OUT_SLICE sockets per turn of the event loop. One emit to 10,000
   * sockets holds the loop for ~200 ms, and the host's push (and every HTTP
   * answer) would wait behind it; sliced, they go between two slices. Only
   * for coalesced state (counts, the line): each push carries the whole
   * state, so a socket that joins during the fan-out and misses it gets the
   * next one, and one that left is skipped.
   */
  function emitInSlices(
    room: string,
    emit: (to: ReturnType<typeof io.local.to>) => void,
    done: () => void = () => undefined,
  ): void {
    const members = io.of('/').adapter.rooms.get(room);
    if (!members || members.size <= FAN_OUT_SLICE) {
      if (members && members.size > 0) emit(io.local.to(room));
      done();
      return;
    }
    const ids = [...members];
    const sendFrom = (start: number) => {
      if (closed) return;
      emit(io.local.to(ids.slice(start, start + FAN_OUT_SLICE)));
      if (start + FAN_OUT_SLICE < ids.length) setImmediate(sendFrom, start + FAN_OUT_SLICE);
      else done();
    };
    sendFrom(0);
  }

  /** The big screens' state: computed only while the event's display room has sockets here. */
  const displays = createRoomState<DisplayState>({
    watched: (eventId) => hasSockets(eventDisplayRoom(eventId)),
    intervalMs: DISPLAY_INTERVAL_MS,
    compute: (eventId) => displayStates.byEvent(eventId),
    emit: (eventId, state) => {
      metrics.socketEmits.inc({ event: 'display:updated' });
      io.local.to(eventDisplayRoom(eventId)).emit('display:updated', { eventId, state });
    },
    onError: (error, eventId) => app.log.warn({ err: error, eventId }, 'display state failed'),
  });

  /**
   * The line: computed once for the room (not per socket) while the event's
   * room has sockets here, and passed on only when it changed. Socket.IO
   * encodes a room emit once for all its sockets.
   */
  const lines = createRoomState<EventLine>({
    watched: (eventId) => hasSockets(eventRoom(eventId)),
    intervalMs: LINE_INTERVAL_MS,
    compute: (eventId) => readLine(eventId),
    emit: (eventId, line) => {
      metrics.socketEmits.inc({ event: 'event:line' });
      emitInSlices(eventRoom(eventId), (to) => to.emit('event:line', { eventId, line }));
    },
    same: sameLine,
    onError: (error, eventId) => app.log.warn({ err: error, eventId }, 'line failed'),
  });

  /** What the room sees of the queue changed (heard from this node or another). */
  function offerQueueShown(eventId: number): void {
    displays.changed(eventId);
    lines.changed(eventId);
  }

  io.on('coalesced', (name, push, queueShown) => {
    offerStats(name, push);
    if (queueShown === true) offerQueueShown(push.eventId);
  });

  io.on('display', (eventId) => displays.changed(eventId));

  /**
   * Closes this node's sockets of one session. They are found among their
   * user's (a room of its own per session would cost every idle socket).
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
  ): void {
    metrics.socketEmits.inc({ event: name });
    setImmediate(() => {
      // Closing flushed what was queued before it; nothing may publish on the closed Redis clients.
      if (!closed) io.to(room).emit(name, ...args);
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
      offerStats(name, push);
      const queueShown = options?.queueShown === true;
      if (queueShown) offerQueueShown(push.eventId);
      // The other nodes' sockets hear it from their own node. Only the Redis adapter
      // has other nodes: the in-memory one warns on every call instead.
      if (!closed && redisClients.length > 0) {
        io.serverSideEmit('coalesced', name, push, queueShown);
      }
    },
    authorizeEventRoomsWith(authorizer) {
      authorizeEventRoom = authorizer;
    },
    endSession({ userId, sessionId }) {
      closeSessionSockets(userId, sessionId);
      if (!closed && redisClients.length > 0) {
        io.serverSideEmit('session-ended', { userId, sessionId });
      }
    },
    displayChanged(eventId) {
      displays.changed(eventId);
      if (!closed && redisClients.length > 0) io.serverSideEmit('display', eventId);
    },
    serveDisplayWith(states) {
      displayStates = states;
    },
    serveLineWith(read) {
      readLine = read;
    },
    serveRejectedWith(read) {
      readRejected = read;
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
      for (const [eventId, entry] of statsOf) {
        clearTimeout(entry.timer);
        flushStats(eventId);
        clearTimeout(statsOf.get(eventId)?.timer);
      }
      // The counts just flushed leave on the next turn, before the sockets close.
      await new Promise((resolve) => setImmediate(resolve));
      closed = true;
      displays.close();
      lines.close();
      await pushLog.close();
      await io.close();
      await Promise.all(redisClients.map(quitRedis));
    },
  };
}
