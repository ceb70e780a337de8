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
  type ChallengeRequiredData,
  type ClientToServerEvents,
  type DisplayState,
  type EventLine,
  type EventStats,
  type SongRequest,
  type SubscribeAnswer,
} from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import { promisify } from 'node:util';
import { deflateRaw as deflateRawCallback } from 'node:zlib';
import type { RequestSession } from '../auth/session.ts';
import { ChallengeRequiredError } from '../http/busy-address.ts';
import { HttpError } from '../http/errors.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { foldPushes, type PushAudience, type PushLog } from './push-log.ts';
import type { AppSocket } from './socket-types.ts';

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

/**
 * Where the rooms' answers come from: the features that own them hand their
 * readers over once the app is built (`Realtime.serve…With`); until then
 * every room is refused and nothing is found.
 */
export interface RoomSources {
  authorizeEventRoom: EventRoomAuthorizer;
  displayStates: DisplayStates;
  readLine: LineReader;
  readRejected: RejectedReader;
}

export function emptyRoomSources(): RoomSources {
  return {
    authorizeEventRoom: async () => null,
    displayStates: { byCode: async () => null, byEvent: async () => null },
    readLine: async () => null,
    readRejected: async () => [],
  };
}

const deflateRaw = promisify(deflateRawCallback);

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

type Ack<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[1];

export interface SubscriptionsDeps {
  sources: RoomSources;
  pushLog: PushLog;
  metrics: Metrics;
  /** The line as this node passes it on now (null: none yet). */
  currentLine: (eventId: number) => Promise<EventLine | null>;
  /** A socket's logger, made only when there is something to say. */
  logOf: (socket: AppSocket) => FastifyBaseLogger;
}

/**
 * The room requests a socket makes: a big screen's `display:subscribe` (by
 * the event's code), `event:subscribe` (with `since`, the delta of what the
 * socket missed while away, read from the push log) and `event:unsubscribe`.
 *
 * The handlers are shared by every socket (Socket.IO calls a listener with
 * the socket as `this`): a closure per handler per socket would be kept by
 * every idle socket for its whole life.
 */
export function createSubscriptions({
  sources,
  pushLog,
  metrics,
  currentLine,
  logOf,
}: SubscriptionsDeps) {
  function displaySubscribe(
    socket: AppSocket,
    payload: unknown,
    ack: Ack<'display:subscribe'>,
  ): void {
    const reply = typeof ack === 'function' ? ack : () => undefined;
    const parsed = displaySubscribePayload.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, error: MSG.invalidData });
    const { code, altcha } = parsed.data;
    const caller = {
      address: socket.data.address,
      userId: socket.data.session?.userId,
      altcha,
      code,
      pass: socket.data.eventPass,
    };
    sources.displayStates
      .byCode(code, caller)
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

  function eventSubscribe(socket: AppSocket, payload: unknown, ack: Ack<'event:subscribe'>): void {
    const { session } = socket.data;
    const reply = typeof ack === 'function' ? ack : () => undefined;
    const parsed = subscribePayload.safeParse(payload);
    if (!session || !parsed.success) return reply({ ok: false, error: MSG.invalidData });
    const { eventId, since } = parsed.data;
    const canInflate = parsed.data.inflate === DELTA_ENCODING;
    sources
      .authorizeEventRoom(session, eventId)
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
        const line = allowed.isHost ? null : await currentLine(eventId);
        if (line) delta.line = line;
        if (!allowed.isHost && delta.removed.length > 0) {
          delta.rejected = await sources.readRejected(eventId, session.userId);
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

  return {
    onDisplaySubscribe(this: AppSocket, payload: unknown, ack: Ack<'display:subscribe'>): void {
      displaySubscribe(this, payload, ack);
    },
    onEventSubscribe(this: AppSocket, payload: unknown, ack: Ack<'event:subscribe'>): void {
      eventSubscribe(this, payload, ack);
    },
    onEventUnsubscribe(this: AppSocket, payload: unknown): void {
      const parsed = unsubscribePayload.safeParse(payload);
      if (!parsed.success) return;
      const { eventId } = parsed.data;
      void this.leave(eventRoom(eventId));
      void this.leave(eventHostRoom(eventId));
    },
  };
}
