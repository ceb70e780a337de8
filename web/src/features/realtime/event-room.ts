import {
  applyQueueChanges,
  DEFAULT_REQUEST_SETTINGS,
  holdsRecountedSongs,
  queueOrderOf,
  type EventLine,
  type EventStats,
  type EventSummary,
  type GroupedSongRequest,
  type NowPlaying,
  type RequestSettings,
  type RoomDelta,
  type ServerToClientEvents,
  type SongRequest,
} from '@floorfill/shared';

/**
 * The pure half of a live event room (design §4): whether a push may be
 * applied to the cached snapshot, what applying it does, and which pushes
 * wait for one they skipped. Every push about an event carries the event's
 * `seq`, bumped once per committed write; one write may send several pushes
 * with the same seq, each carrying the full new state of what it names.
 *
 * The host hears every write (their room gets each queue change), so a
 * skipped seq is a missed push. An attendee hears only what their page shows
 * (the host's marks, their own requests, the event's details), so for them a
 * seq ahead is simply newer. `event:stats` is the event's counts, coalesced
 * by the server (two a second at most for the host, one every two seconds
 * for attendees): state kept when newer than the snapshot, never a step in
 * its seq.
 */

/** What both snapshots (the host's and the attendee's details call) have in common. */
export interface RoomSnapshot extends EventSummary {
  seq: number;
  /** The host's request controls (both snapshots carry them). */
  request_settings?: RequestSettings;
  /** What the DJ plays now (both snapshots; null for an attendee who has not joined). */
  now_playing?: NowPlaying | null;
  /** The attendee's own requests; the host's snapshot has none (who asked is fetched per song). */
  song_requests?: SongRequest[];
  /** The attendee's requests for songs the host rejected (the attendee's snapshot only). */
  rejected_requests?: SongRequest[];
  /** The room's view of the waiting songs (the attendee's snapshot; null before joining). */
  line?: EventLine | null;
  /** Only the host's snapshot has the grouped queue. */
  grouped_song_requests?: GroupedSongRequest[];
}

type PushOf<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** The pushes that change a snapshot; `event:deleted` ends the room instead. */
export type RoomPush =
  | ({ type: 'request:upserted' } & PushOf<'request:upserted'>)
  | ({ type: 'request:removed' } & PushOf<'request:removed'>)
  | ({ type: 'request:played' } & PushOf<'request:played'>)
  | ({ type: 'event:stats' } & PushOf<'event:stats'>)
  | ({ type: 'event:updated' } & PushOf<'event:updated'>)
  | ({ type: 'event:settings' } & PushOf<'event:settings'>)
  | ({ type: 'event:now-playing' } & PushOf<'event:now-playing'>)
  | ({ type: 'attendee:joined' } & PushOf<'attendee:joined'>)
  | ({ type: 'attendee:left' } & PushOf<'attendee:left'>);

export type RoomPushType = RoomPush['type'];

export const ROOM_PUSH_TYPES = [
  'request:upserted',
  'request:removed',
  'request:played',
  'event:stats',
  'event:updated',
  'event:settings',
  'event:now-playing',
  'attendee:joined',
  'attendee:left',
] as const satisfies readonly RoomPushType[];

/**
 * - `apply`: the next write (seq + 1), or another push of the write the
 *   snapshot already reflects (same seq; applying full state again is
 *   harmless); for a snapshot that hears only some writes, any newer one.
 * - `stale`: older than the snapshot; it already holds the change.
 * - `gap`: at least one write is missing: still on its way (held, see
 *   `RoomBuffer`) or lost (only a fresh snapshot can tell).
 */
export type SeqVerdict = 'apply' | 'stale' | 'gap';

export function judgeSeq(snapshotSeq: number, pushSeq: number, hearsEveryWrite = true): SeqVerdict {
  if (pushSeq === snapshotSeq || pushSeq === snapshotSeq + 1) return 'apply';
  if (pushSeq < snapshotSeq) return 'stale';
  return hearsEveryWrite ? 'gap' : 'apply';
}

/** The host's snapshot (it has the grouped queue) hears every write of the event. */
export function hearsEveryWrite(snapshot: RoomSnapshot): boolean {
  return snapshot.grouped_song_requests !== undefined;
}

/** What orders the host's queue: their order, and whether boosts move songs. */
export type QueueOrderSettings = Pick<RequestSettings, 'queue_order' | 'boost_order'>;

/** The host's queue in the order the server sends it (the shared comparator, the host's order). */
export function sortQueue(
  queue: GroupedSongRequest[],
  { queue_order, boost_order }: QueueOrderSettings,
): GroupedSongRequest[] {
  return [...queue].sort(queueOrderOf(queue_order, boost_order));
}

/** The order the host chose for the snapshot's queue (the default until the settings are known). */
function orderOf(snapshot: RoomSnapshot): QueueOrderSettings {
  return snapshot.request_settings ?? DEFAULT_REQUEST_SETTINGS;
}

/** Changes the host's queue; an attendee's snapshot has none and stays without. */
function withQueue<T extends RoomSnapshot>(
  snapshot: T,
  change: (queue: GroupedSongRequest[]) => GroupedSongRequest[],
): T {
  const queue = snapshot.grouped_song_requests;
  return queue ? { ...snapshot, grouped_song_requests: change(queue) } : snapshot;
}

/** A request of a song, with the song's new state (status, when played, details). */
function refreshedRequest(request: SongRequest, entry: GroupedSongRequest): SongRequest {
  const status = {
    ...request,
    status: entry.status,
    played_at: entry.status === 1 ? (entry.played_at ?? request.played_at) : null,
  };
  // A held song reaches the room in its neutral form: the guest keeps their own words.
  if (entry.held) return status;
  return {
    ...status,
    song_name: entry.song_name,
    song_artist: entry.song_artist,
    album_name: entry.album_name,
    song_image: entry.song_image,
  };
}

/** A song's new state reaches each request of it the snapshot holds. */
function refreshRequests(
  requests: SongRequest[] | undefined,
  entry: GroupedSongRequest,
): SongRequest[] | undefined {
  return requests?.map((request) =>
    request.song_id === entry.song_id ? refreshedRequest(request, entry) : request,
  );
}

/**
 * A song back in the queue that the attendee's snapshot holds as rejected:
 * the host took it back (restore), so their request waits again.
 */
function withRestored<T extends RoomSnapshot>(snapshot: T, entry: GroupedSongRequest): T {
  const restored = snapshot.rejected_requests?.filter(
    (request) => request.song_id === entry.song_id,
  );
  if (!restored || restored.length === 0) return snapshot;
  return {
    ...snapshot,
    rejected_requests: snapshot.rejected_requests?.filter(
      (request) => request.song_id !== entry.song_id,
    ),
    song_requests: [
      ...(snapshot.song_requests ?? []),
      ...restored.map((request) => refreshedRequest(request, entry)),
    ].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id),
  };
}

/**
 * The snapshot with a line kept when it is newer than the one it holds (the
 * line is state beside the seq, like the counts). A snapshot without a line
 * (the host's, or before joining) stays without.
 */
export function withLine<T extends RoomSnapshot>(snapshot: T, line: EventLine): T {
  if (snapshot.line === undefined) return snapshot;
  if (snapshot.line !== null && snapshot.line.seq > line.seq) return snapshot;
  return { ...snapshot, line };
}

function withStats<T extends RoomSnapshot>(snapshot: T, stats: EventStats): T {
  return {
    ...snapshot,
    enrolled_users_count: stats.joined,
    song_requests_count: stats.requests,
  };
}

/** The snapshot after one push; the caller has judged its seq `apply`. */
export function applyRoomPush<T extends RoomSnapshot>(snapshot: T, push: RoomPush): T {
  const seq = Math.max(snapshot.seq, push.seq);
  switch (push.type) {
    case 'request:upserted': {
      const next = withQueue(snapshot, (queue) =>
        sortQueue(
          [...queue.filter((song) => song.song_id !== push.request.song_id), push.request],
          orderOf(snapshot),
        ),
      );
      return withRestored(
        { ...next, seq, song_requests: refreshRequests(snapshot.song_requests, push.request) },
        push.request,
      );
    }
    case 'request:removed':
      return {
        ...withQueue(snapshot, (queue) => queue.filter((song) => song.song_id !== push.songId)),
        seq,
        song_requests: snapshot.song_requests?.filter((request) => request.song_id !== push.songId),
      };
    case 'request:played':
      return {
        ...snapshot,
        seq,
        song_requests: snapshot.song_requests?.map((request) =>
          request.id === push.request.id ? push.request : request,
        ),
      };
    case 'event:stats':
      // Counts are state beside the seq: they never move it.
      return withStats(snapshot, push.stats);
    case 'event:updated':
      // The summary changed (name, times, place); what only the snapshot knows stays.
      return { ...snapshot, ...push.event, seq };
    case 'event:settings': {
      // A new order sorts the queue again.
      const next = { ...snapshot, request_settings: push.settings, seq };
      return withQueue(next, (queue) => sortQueue(queue, push.settings));
    }
    case 'event:now-playing':
      return { ...snapshot, now_playing: push.nowPlaying, seq };
    case 'attendee:joined':
    case 'attendee:left':
      // The counts follow in `event:stats` of the same write; only the seq moves here.
      return { ...snapshot, seq };
  }
}

/**
 * A reconnect's delta applies only to the snapshot it was asked for: one that
 * moved since (a fetch landed meanwhile) is judged by the room's seq instead.
 * A host's queue must also hold every song the delta only recounts.
 */
export function deltaFits(snapshot: RoomSnapshot | undefined, delta: RoomDelta | undefined) {
  if (snapshot === undefined || delta === undefined || snapshot.seq !== delta.fromSeq) return false;
  const queue = snapshot.grouped_song_requests;
  return queue === undefined || holdsRecountedSongs(queue, delta);
}

/**
 * The snapshot after a reconnect's delta (the pushes missed while away,
 * folded): the host's queue gets each changed song's newest entry (or, for
 * a song that only got more requests, its new counts), an attendee's own
 * requests their songs' new state (and those the host rejected meanwhile),
 * both the event's details, counts and now-playing song. The caller has checked `deltaFits`.
 */
export function applyRoomDelta<T extends RoomSnapshot>(snapshot: T, delta: RoomDelta): T {
  let requests = snapshot.song_requests?.filter(
    (request) => !delta.removed.includes(request.song_id),
  );
  for (const entry of delta.upserted) requests = refreshRequests(requests, entry);
  let next = withStats(
    {
      ...withQueue(snapshot, (queue) => {
        const { queue_order, boost_order } = delta.settings ?? orderOf(snapshot);
        return applyQueueChanges(queue, delta, queue_order, boost_order);
      }),
      ...delta.event,
      ...(delta.settings ? { request_settings: delta.settings } : {}),
      ...(delta.nowPlaying !== undefined ? { now_playing: delta.nowPlaying } : {}),
      seq: Math.max(snapshot.seq, delta.toSeq),
      ...(requests ? { song_requests: requests } : {}),
    },
    delta.stats,
  );
  for (const entry of delta.upserted) next = withRestored(next, entry);
  // A song the host rejected while the attendee was away left the queue like any other:
  // it moves to "not this time" instead of vanishing from their timeline.
  if (delta.rejected && next.rejected_requests !== undefined) {
    next = { ...next, rejected_requests: delta.rejected };
  }
  return delta.line ? withLine(next, delta.line) : next;
}

/**
 * Pushes that arrived ahead of the snapshot, held until the ones they skipped
 * arrive: with several server nodes a push relayed through Redis often lands a
 * few ms after the next one sent directly. In seq order; pushes of one write
 * keep their arrival order.
 */
export type RoomBuffer = readonly RoomPush[];

/** Past this many held pushes the snapshot is too far behind: fetch it instead of waiting. */
export const MAX_HELD_PUSHES = 50;

export function bufferPush(buffer: RoomBuffer, push: RoomPush): RoomBuffer {
  const later = buffer.findIndex((held) => held.seq > push.seq);
  if (later === -1) return [...buffer, push];
  return [...buffer.slice(0, later), push, ...buffer.slice(later)];
}

export interface DrainedRoom<T> {
  snapshot: T | undefined;
  /** What still waits for a missing seq. */
  buffer: RoomBuffer;
  /** Only a fresh snapshot can help: none is cached, or too many pushes wait. */
  needsRefetch: boolean;
}

/**
 * Applies the held pushes that follow the snapshot without a gap, drops older
 * ones, and keeps the rest waiting. A push of the snapshot's own seq is
 * applied again, which is harmless (see `judgeSeq`). Used after every push and
 * whenever a fetched snapshot lands.
 */
export function drainBuffer<T extends RoomSnapshot>(
  snapshot: T | undefined,
  buffer: RoomBuffer,
): DrainedRoom<T> {
  if (!snapshot) return { snapshot, buffer: [], needsRefetch: true };
  let next = snapshot;
  for (const [index, push] of buffer.entries()) {
    if (push.type === 'event:stats') {
      // Newer counts than the snapshot's are kept; older ones it already beat.
      if (push.seq >= next.seq) next = applyRoomPush(next, push);
      continue;
    }
    const verdict = judgeSeq(next.seq, push.seq, hearsEveryWrite(next));
    if (verdict === 'gap') return keepWaiting(next, buffer.slice(index));
    if (verdict === 'apply') next = applyRoomPush(next, push);
  }
  return { snapshot: next, buffer: [], needsRefetch: false };
}

function keepWaiting<T>(snapshot: T, buffer: RoomBuffer): DrainedRoom<T> {
  if (buffer.length > MAX_HELD_PUSHES) return { snapshot, buffer: [], needsRefetch: true };
  return { snapshot, buffer, needsRefetch: false };
}

/** After (re)subscribing: the room's seq is ahead of the snapshot, so pushes were missed. */
export function needsResync(snapshot: RoomSnapshot | undefined, roomSeq: number): boolean {
  return !snapshot || snapshot.seq < roomSeq;
}
