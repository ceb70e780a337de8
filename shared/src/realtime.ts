import { z } from 'zod';
import { idField } from './fields.ts';
import type { Boost } from './boosts.ts';
import type { CHALLENGE_ACK_CODE, ChallengeRequiredData } from './challenge.ts';
import type { DisplayState, DisplaySubscribePayload } from './display.ts';
import type { EventSummary, GroupedSongRequest, NowPlaying, SongRequest } from './events.ts';
import type { EventLine } from './line.ts';
import type { RequestSettings } from './request-settings.ts';

/**
 * The Socket.IO protocol (design §4). Commands are `domain:verb`, pushes are
 * `domain:past-tense`. Every push about an event carries the event's `seq`,
 * bumped in the write's transaction. The host's room hears every write, so a
 * host client that sees a gap or has no socket fetches the snapshot (the REST
 * details call) again; one that reconnects sends its snapshot's seq and gets
 * the changes since (`RoomDelta`), or the snapshot when they are forgotten; attendees hear only what their page
 * shows and apply any newer push. `event:stats` (the counts) is coalesced to
 * at most two a second for the host's sockets and one every two seconds for
 * the others, and `event:line` (the waiting songs, for
 * the guests' timelines) to one every two seconds per room; both are state,
 * not steps in the seq.
 */

export const eventRoom = (eventId: number) => `event:${eventId}`;
/**
 * The event's host only (their sockets are in `eventRoom` too): what
 * attendees' pages do not show — who joined or left, and entries whose count
 * moved. The host's marks go to the whole room: requesters see their status.
 */
export const eventHostRoom = (eventId: number) => `event:${eventId}:host`;
export const userRoom = (userId: number) => `user:${userId}`;
/**
 * The big screens of an event (no session needed): they hear only
 * `display:updated`, coalesced, never the queue's pushes.
 */
export const eventDisplayRoom = (eventId: number) => `event:${eventId}:display`;

/**
 * The handshake `auth` of a big screen without a session: such a socket is
 * let in, and may do nothing but `display:subscribe`. Any other socket
 * without a session is refused. A signed-in browser may display:subscribe too.
 */
export const DISPLAY_SOCKET_AUTH = { display: true } as const;

/** How a big delta is packed for a client that asks: raw deflate (RFC 1951), as DecompressionStream names it. */
export const DELTA_ENCODING = 'deflate-raw';

/** A delta whose JSON is at least this many bytes goes deflated to a client that can inflate it. */
export const DEFLATE_DELTAS_FROM_BYTES = 8 * 1024;

export const subscribePayload = z.object({
  eventId: idField,
  /**
   * The seq of the snapshot the client holds, when it holds one: the answer
   * then carries what changed since (`RoomDelta`) when the server still
   * remembers every write since, instead of sending the client to fetch the
   * whole snapshot again.
   */
  since: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /**
   * The client can inflate a raw-deflate answer (`DecompressionStream`): a
   * big delta then comes as `deltaDeflated` instead of `delta`.
   */
  inflate: z.literal(DELTA_ENCODING).optional(),
});
export type SubscribePayload = z.infer<typeof subscribePayload>;
export const unsubscribePayload = subscribePayload.pick({ eventId: true });
export type UnsubscribePayload = z.infer<typeof unsubscribePayload>;

/**
 * A refusal: `error` says why. A busy address's refusal also carries
 * `code: 'challenge_required'`, `msg` (the same sentence) and the challenge in
 * `data`, as a 428 does over HTTP; the client solves it and asks again.
 */
export type AckRefusal =
  | { ok: false; error: string }
  | {
      ok: false;
      error: string;
      code: typeof CHALLENGE_ACK_CODE;
      msg: string;
      data: ChallengeRequiredData;
    };

export type Ack<T> = (answer: { ok: true; data: T } | AckRefusal) => void;

interface Sequenced {
  eventId: number;
  seq: number;
}

export interface EventStats {
  joined: number;
  requests: number;
}

/**
 * What changed in an event since a client's snapshot, as the pushes it
 * missed would have told it, folded into the newest state of each thing:
 * applied to a snapshot at `fromSeq` it gives the snapshot at `toSeq`.
 * The host's delta folds every write; an attendee's only those their page
 * shows (the host's marks, the event's details), as their pushes do.
 */
export interface RoomDelta {
  fromSeq: number;
  toSeq: number;
  /** Songs whose entry changed, each in its newest state. */
  upserted: GroupedSongRequest[];
  /**
   * Songs the snapshot at `fromSeq` already holds whose every change since was
   * another request for them: only their counts, the rest of the entry as held.
   */
  recounted: RecountedSong[];
  /** Songs that left the queue. */
  removed: string[];
  /** The event's details, when the host changed them. */
  event?: EventSummary;
  /** The request controls, when the host changed them. */
  settings?: RequestSettings;
  /** The now-playing song (null: nothing plays), when it changed. */
  nowPlaying?: NowPlaying | null;
  /** The counts as of the answer (counts are coalesced pushes, never logged). */
  stats: EventStats;
  /** An attendee's: the line as of the answer (like the counts, a coalesced state, never logged). */
  line?: EventLine;
  /**
   * An attendee's, when songs left the queue while they were away: their own
   * requests the host rejected, as of the answer. `request:rejected` went to a
   * socket that was not there, so without this a song the DJ turned down
   * would simply vanish from their timeline instead of reading "not this time".
   */
  rejected?: SongRequest[];
}

/**
 * What another request for a song already waiting leaves as it was in the
 * song's entry: the song itself, when it was first asked for, its played state,
 * whether the DJ put it off for later, its boosts. (Its dedication count may move: a
 * request can carry one; so may its turn: the new requester's may be better.)
 */
export const FIELDS_A_REQUEST_KEEPS = [
  'event_id',
  'song_name',
  'song_artist',
  'album_name',
  'song_image',
  'song_link',
  'song_duration',
  'status',
  'first_requested_at',
  'played_at',
  'later',
  'free_text',
  'held',
  // Boosts change only by a boost's own write, which sends the whole entry.
  'boost_cents',
] as const satisfies readonly (keyof GroupedSongRequest)[];

/** A delta's row for a song whose requests only grew: its id and what moved (its counts). */
export type RecountedSong = Omit<GroupedSongRequest, (typeof FIELDS_A_REQUEST_KEEPS)[number]>;

/** The row a delta carries for a song whose changes were all more requests for it. */
export function recountedSong(entry: GroupedSongRequest): RecountedSong {
  const row: Partial<GroupedSongRequest> = { ...entry };
  for (const field of FIELDS_A_REQUEST_KEEPS) delete row[field];
  return row as RecountedSong;
}

export interface SubscribeAnswer {
  /** The event's seq when the room was joined. */
  seq: number;
  /** Only when `since` was sent and every write after it is still remembered. */
  delta?: RoomDelta;
  /**
   * The same delta's JSON, raw-deflated, instead of `delta`: only for a
   * client that sent `inflate`, and only when it is big (a host back after a
   * busy minute). Small answers and room pushes are never compressed, so no
   * socket holds a compressor.
   */
  deltaDeflated?: ArrayBuffer | Uint8Array;
}

export interface ServerToClientEvents {
  /** A grouped entry was created or changed (count, status). */
  'request:upserted': (push: Sequenced & { request: GroupedSongRequest }) => void;
  /** A song left the queue (deleted by the host, or its last requester cancelled). */
  'request:removed': (push: Sequenced & { songId: string }) => void;
  'event:stats': (push: Sequenced & { stats: EventStats }) => void;
  /**
   * To everyone watching an event: the line (the first waiting songs, no
   * names, no dedications), when it changed, at most one every
   * LINE_INTERVAL_MS per room; `line.seq` orders it.
   */
  'event:line': (push: { eventId: number; line: EventLine }) => void;
  'event:updated': (push: Sequenced & { event: EventSummary }) => void;
  /** The host changed the request controls: the whole settings, to everyone watching. */
  'event:settings': (push: Sequenced & { settings: RequestSettings }) => void;
  'event:deleted': (push: Sequenced) => void;
  'attendee:joined': (push: Sequenced & { attendeeId: number; attendeeName: string }) => void;
  'attendee:left': (push: Sequenced & { attendeeId: number }) => void;
  /** The event's now-playing song changed (null: nothing plays), to everyone watching. */
  'event:now-playing': (push: Sequenced & { nowPlaying: NowPlaying | null }) => void;
  /** To each requester of a song, in their own room. */
  'request:played': (push: Sequenced & { request: SongRequest; eventName: string }) => void;
  /** To each requester of a song the host rejected, in their own room. */
  'request:rejected': (
    push: Sequenced & { songId: string; songName: string; eventName: string },
  ) => void;
  /** To the event's big screens: the whole state, at most two a second per event. */
  'display:updated': (push: { eventId: number; state: DisplayState }) => void;
  /** To a host, in their own room, when a tip is paid. */
  'tip:paid': (push: {
    tipId: number;
    amountCents: number;
    attendeeName: string;
    eventId: number | null;
  }) => void;
  /** To a guest, in their own room, when one of their boosts changed state (issue 30). */
  'boost:updated': (push: { boost: Boost }) => void;
  /** To a host, in their own room: taking a boost's money failed (the song still plays). */
  'boost:capture-failed': (push: {
    eventId: number;
    boostId: number;
    songName: string;
    amountCents: number;
    currency: string;
  }) => void;
  /** The server is going away (shutdown): reconnect, which lands on another node. */
  'server:draining': () => void;
}

export interface ClientToServerEvents {
  /**
   * Join an event's room after the same permission check as the REST details
   * call; answers the current seq, and with `since` the delta since it.
   */
  'event:subscribe': (payload: SubscribePayload, ack: Ack<SubscribeAnswer>) => void;
  'event:unsubscribe': (payload: UnsubscribePayload) => void;
  /**
   * A big screen joins its event's display room by the event's code (no
   * session needed; wrong codes spend the code-guessing budget); the answer
   * is the whole state. A reconnecting screen subscribes again.
   */
  'display:subscribe': (payload: DisplaySubscribePayload, ack: Ack<DisplayState>) => void;
}
