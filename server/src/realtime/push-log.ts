import {
  recountedSong,
  roomViewOfSong,
  type EventStats,
  type EventSummary,
  type GroupedSongRequest,
  type NowPlaying,
  type RecountedSong,
  type RequestSettings,
  type RoomDelta,
  type ServerToClientEvents,
} from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The recent sequenced pushes of each event, so a client that reconnects
 * after a short absence (a phone's screen lock, a Wi-Fi hiccup, a node
 * restart) gets what it missed folded into one small delta instead of the
 * whole snapshot. Bounded: the last `PUSH_LOG_SEQS` writes of an event, for
 * at most `PUSH_LOG_TTL_MS` after its last write. Past that, or whenever the
 * log cannot prove it holds every write since the client's seq, the client
 * fetches the snapshot, as it always could: the log is an optimisation, never
 * the source of truth.
 *
 * Without Redis (one node) the log is this process's memory; with Redis it is
 * one sorted set per event (score = seq), written by the node that made the
 * write and read by whichever node the client reconnects to.
 */

/** How many of an event's latest writes the log keeps: minutes of a busy night. */
export const PUSH_LOG_SEQS = 2000;
/** How long an event's log outlives its last write. */
export const PUSH_LOG_TTL_MS = 10 * 60_000;
/** A reconnect waits this long for the shared log before falling back to the snapshot. */
export const PUSH_LOG_READ_TIMEOUT_MS = 500;

/** Who heard a push: everyone watching the event, or its host only. */
export type PushAudience = 'room' | 'host';

export interface LoggedPush {
  seq: number;
  audience: PushAudience;
  name: keyof ServerToClientEvents;
  push: unknown;
  /**
   * A `request:upserted` whose write only added a request to a song that was
   * already waiting: only the song's counts moved.
   */
  recount?: true;
}

export interface PushLog {
  /** Remembers a push; called as it is emitted, after its write committed. */
  append(eventId: number, entry: LoggedPush): void;
  /**
   * The logged pushes after `sinceSeq`, in seq order, when every seq from
   * `sinceSeq + 1` up to at least `atLeastSeq` is held; null otherwise.
   */
  read(eventId: number, sinceSeq: number, atLeastSeq: number): Promise<LoggedPush[] | null>;
  close(): Promise<void>;
}

/** The entries after `sinceSeq` whose seqs run without a hole to at least `atLeastSeq`, or null. */
function contiguousFrom(
  entries: readonly LoggedPush[],
  sinceSeq: number,
  atLeastSeq: number,
): LoggedPush[] | null {
  const after = entries.filter((entry) => entry.seq > sinceSeq);
  let reached = sinceSeq;
  const held: LoggedPush[] = [];
  for (const entry of after) {
    if (entry.seq > reached + 1) break;
    reached = entry.seq;
    held.push(entry);
  }
  return reached >= atLeastSeq ? held : null;
}

export function createMemoryPushLog(): PushLog {
  const logs = new Map<number, { entries: LoggedPush[]; lastWrite: number }>();
  const sweep = setInterval(() => {
    const oldest = Date.now() - PUSH_LOG_TTL_MS;
    for (const [eventId, log] of logs) if (log.lastWrite < oldest) logs.delete(eventId);
  }, PUSH_LOG_TTL_MS / 10);
  sweep.unref();

  return {
    append(eventId, entry) {
      let log = logs.get(eventId);
      if (!log) {
        log = { entries: [], lastWrite: 0 };
        logs.set(eventId, log);
      }
      log.lastWrite = Date.now();
      const { entries } = log;
      // Pushes arrive in seq order on one node; keep it so if one ever does not.
      let at = entries.length;
      while (at > 0 && entries[at - 1]!.seq > entry.seq) at -= 1;
      entries.splice(at, 0, entry);
      const floor = entries[entries.length - 1]!.seq - PUSH_LOG_SEQS;
      let drop = 0;
      while (drop < entries.length && entries[drop]!.seq <= floor) drop += 1;
      if (drop > 0) entries.splice(0, drop);
    },
    async read(eventId, sinceSeq, atLeastSeq) {
      const log = logs.get(eventId);
      if (!log) return sinceSeq >= atLeastSeq ? [] : null;
      return contiguousFrom(log.entries, sinceSeq, atLeastSeq);
    },
    async close() {
      clearInterval(sweep);
      logs.clear();
    },
  };
}

/**
 * The log in Redis, shared by every node. Appends made in one turn of the
 * event loop go out as one pipeline; a write's pushes so cost one round trip.
 * A Redis failure loses log entries, which only sends clients back to the
 * snapshot.
 */
export function createRedisPushLog(redis: Redis, prefix: string, log: FastifyBaseLogger): PushLog {
  const keyOf = (eventId: number) => `${prefix}:pushlog:${eventId}`;
  let pending = new Map<number, LoggedPush[]>();
  let flushing: NodeJS.Immediate | undefined;

  function flush(): void {
    flushing = undefined;
    const batch = pending;
    pending = new Map();
    const pipeline = redis.pipeline();
    for (const [eventId, entries] of batch) {
      const key = keyOf(eventId);
      const members: (string | number)[] = [];
      for (const entry of entries) members.push(entry.seq, JSON.stringify(entry));
      pipeline.zadd(key, ...members);
      const newest = entries[entries.length - 1]!.seq;
      pipeline.zremrangebyscore(key, '-inf', newest - PUSH_LOG_SEQS);
      pipeline.pexpire(key, PUSH_LOG_TTL_MS);
    }
    pipeline.exec().catch((error: unknown) => {
      log.warn({ err: error }, 'push log append failed: reconnecting clients fetch snapshots');
    });
  }

  return {
    append(eventId, entry) {
      const entries = pending.get(eventId);
      if (entries) entries.push(entry);
      else pending.set(eventId, [entry]);
      flushing ??= setImmediate(flush);
    },
    async read(eventId, sinceSeq, atLeastSeq) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), PUSH_LOG_READ_TIMEOUT_MS);
      });
      try {
        const raw = await Promise.race([
          redis.zrangebyscore(keyOf(eventId), `(${sinceSeq}`, '+inf'),
          timeout,
        ]);
        if (raw === null) return null;
        const entries = raw.map((member) => JSON.parse(member) as LoggedPush);
        return contiguousFrom(entries, sinceSeq, atLeastSeq);
      } catch (error) {
        log.warn({ err: error, eventId }, 'push log read failed: the client fetches the snapshot');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (flushing) {
        clearImmediate(flushing);
        flush();
      }
    },
  };
}

/** A song's newest state in a delta, and whether every change since the client's seq only recounted it. */
interface FoldedSong {
  entry: GroupedSongRequest | null;
  onlyRecounted: boolean;
}

/**
 * Folds logged pushes into one delta: each song's newest entry (or its
 * removal), the event's newest details, settings and now-playing song. A
 * song whose every change in the delta was another request for it was
 * waiting before the client's seq, so the client holds it: it gets its counts
 * alone. Joins and leaves only move the seq (no snapshot lists attendees).
 * For an attendee only what the whole room heard counts, as it does live.
 */
export function foldPushes(
  entries: readonly LoggedPush[],
  fromSeq: number,
  stats: EventStats,
  audience: PushAudience,
): RoomDelta {
  const songs = new Map<string, FoldedSong>();
  let event: EventSummary | undefined;
  let settings: RequestSettings | undefined;
  let nowPlaying: NowPlaying | null | undefined;
  let toSeq = fromSeq;
  for (const entry of entries) {
    toSeq = Math.max(toSeq, entry.seq);
    if (audience === 'room' && entry.audience !== 'room') continue;
    switch (entry.name) {
      case 'request:upserted': {
        const { request: heard } = entry.push as { request: GroupedSongRequest };
        // The room hears a song whose words wait for the host in its neutral form, as it does live.
        const request = audience === 'room' ? roomViewOfSong(heard) : heard;
        const onlyRecounted =
          entry.recount === true && (songs.get(request.song_id)?.onlyRecounted ?? true);
        songs.delete(request.song_id);
        songs.set(request.song_id, { entry: request, onlyRecounted });
        break;
      }
      case 'request:removed': {
        const { songId } = entry.push as { songId: string };
        songs.delete(songId);
        songs.set(songId, { entry: null, onlyRecounted: false });
        break;
      }
      case 'event:updated':
        event = (entry.push as { event: EventSummary }).event;
        break;
      case 'event:settings':
        settings = (entry.push as { settings: RequestSettings }).settings;
        break;
      case 'event:now-playing': {
        const heard = (entry.push as { nowPlaying: NowPlaying | null }).nowPlaying;
        nowPlaying = heard && audience === 'room' ? roomViewOfSong(heard) : heard;
        break;
      }
      default:
        break;
    }
  }
  const upserted: GroupedSongRequest[] = [];
  const recounted: RecountedSong[] = [];
  const removed: string[] = [];
  for (const [songId, { entry, onlyRecounted }] of songs) {
    if (!entry) removed.push(songId);
    else if (onlyRecounted) recounted.push(recountedSong(entry));
    else upserted.push(entry);
  }
  return {
    fromSeq,
    toSeq,
    upserted,
    recounted,
    removed,
    stats,
    ...(event ? { event } : {}),
    ...(settings ? { settings } : {}),
    ...(nowPlaying !== undefined ? { nowPlaying } : {}),
  };
}
