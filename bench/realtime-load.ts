/**
 * The load generator of bench/realtime-latency.ts: connects the host and
 * every attendee to the event's room (spread over the nodes, as a load
 * balancer would), posts song requests at a steady rate over keep-alive HTTP
 * (round-robin over the nodes), and times each from its POST to the host
 * socket's `request:upserted`. Sending and receiving happen in this one
 * process, so one clock measures both ends.
 */
import { performance } from 'node:perf_hooks';
import { inflateRawSync } from 'node:zlib';
import {
  bytesReadBy,
  connectAndSubscribe,
  connectSocket,
  startFleet,
} from './lib/attendee-sockets.ts';
import { round2, summary, type Percentiles } from './lib/report.ts';
import { DELTA_ENCODING, type RoomDelta } from '@floorfill/shared';

/** How long to wait for stragglers after the last request was answered. */
const DRAIN_MS = 5000;

export interface LoadInput {
  nodeUrls: readonly string[];
  eventId: number;
  hostToken: string;
  attendeeTokens: readonly string[];
  songIds: readonly string[];
  rate: number;
  durationSeconds: number;
  /** Seconds at the same rate before measuring (JIT, pools and caches warm up); not counted. */
  warmupSeconds: number;
}

export interface LoadHooks {
  /** Every socket is connected and subscribed; nothing is sent yet. */
  connected(): Promise<void>;
  /** The warm-up is over: measuring starts now. */
  measuring(): Promise<void>;
}

export interface LoadResult {
  attendees: number;
  targetRate: number;
  durationSeconds: number;
  sent: number;
  accepted: number;
  /** Answers other than 201, by status ("network" when the request itself failed). */
  failures: Record<string, number>;
  achievedRate: number;
  pushLatencyMs: Percentiles;
  httpLatencyMs: Percentiles;
  /** The same for the requests the node admitted (201) only: shed ones answer at once. */
  admittedHttpLatencyMs: Percentiles;
  /** Accepted requests whose push never reached the host's socket. */
  lost: number;
  /** Pushes that reached the host after one with a higher seq. */
  outOfOrder: number;
  /**
   * Host pushes that arrived ahead of a lower seq and waited for it: the web
   * client holds such a push for REORDER_WINDOW_MS before fetching the
   * snapshot, so `resyncs` are the waits longer than that window.
   */
  reordered: { held: number; resyncs: number; longestWaitMs: number };
  /**
   * The room's counts, coalesced to at most one every STATS_INTERVAL_MS per attendee socket: how many
   * attendee sockets ended with the counts of the last write (`upToDate` of
   * `sockets`), how many `event:stats` each got a second on average (n pushes
   * span n − 1 intervals, from its first to its last), and the shortest time
   * any socket saw between two of them.
   */
  fanOut: {
    upToDate: number;
    sockets: number;
    perSocketPerSecond: number;
    shortestGapMs: number;
    /** Pushes the sockets (attendees' and the host's) got from the start of measuring to the end. */
    deliveredWhileMeasuring: number;
    /** The attendee workers' CPU over the same span (ms): the load generator's share of the machine. */
    workersCpuMsWhileMeasuring: number;
  };
  /**
   * A second host screen that goes away when measuring starts, holding the
   * seq its first screen had, and comes back (on the last node) after
   * `awaySeconds` of the load: what its subscribe answer weighs with the
   * delta of what it missed, against the whole snapshot it would fetch
   * otherwise.
   */
  reconnect: {
    awaySeconds: number;
    /** Writes the delta folds (its toSeq − fromSeq); 0 when the answer had no delta. */
    writes: number;
    /** Songs the delta carries whole (new to the client, or marked, cancelled), and by their counts alone. */
    wholeSongs: number;
    recountedSongs: number;
    viaDelta: boolean;
    /** The answer as JSON text. */
    answerBytes: number;
    /** What the answer took on the wire (deflated when big). */
    answerWireBytes: number;
    snapshotBytes: number;
    answerMs: number;
  } | null;
}

/** How long the reconnecting host screen stays away (less when the run is shorter). */
const AWAY_SECONDS = 10;

/** The web client's reorder window (web/src/features/realtime/use-event-room.ts). */
const REORDER_WINDOW_MS = 250;

/**
 * For each seq, how long the client would hold it: from its arrival until
 * every lower seq (from the first one seen) had arrived too.
 */
function reorderWaits(arrivals: ReadonlyMap<number, number>): LoadResult['reordered'] {
  const seqs = [...arrivals.keys()].sort((a, b) => a - b);
  let held = 0;
  let resyncs = 0;
  let longest = 0;
  let prefixComplete = Number.NEGATIVE_INFINITY;
  for (const seq of seqs) {
    const arrived = arrivals.get(seq) ?? 0;
    prefixComplete = Math.max(prefixComplete, arrived);
    const wait = prefixComplete - arrived;
    if (wait > 0) held += 1;
    if (wait > REORDER_WINDOW_MS) resyncs += 1;
    longest = Math.max(longest, wait);
  }
  return { held, resyncs, longestWaitMs: Math.round(longest) };
}

export async function runLoad(input: LoadInput, hooks: LoadHooks): Promise<LoadResult> {
  const attendeeCount = input.attendeeTokens.length;
  const warmup = Math.floor(input.rate * input.warmupSeconds);
  const total = warmup + Math.floor(input.rate * input.durationSeconds);
  const capacity = attendeeCount * input.songIds.length;
  if (total > capacity) {
    throw new Error(
      `${total} requests need more distinct (attendee, song) pairs than ${capacity}: raise --songs or --attendees`,
    );
  }
  // The host on the first node; with two, half the attendees watch through the other one and Redis.
  const [hostSocket] = await connectAndSubscribe(
    input.nodeUrls.slice(0, 1),
    [input.hostToken],
    input.eventId,
  );
  if (!hostSocket) throw new Error('no host socket');
  const attendees = await startFleet(input.nodeUrls, input.eventId, input.attendeeTokens).catch(
    (error: unknown) => {
      hostSocket.disconnect();
      throw error;
    },
  );

  try {
    await hooks.connected();
    // A request is known by (song, count after it): counts only grow here, so the pair is unique.
    const receivedAt = new Map<string, number>();
    let maxSeq = 0;
    let outOfOrder = 0;
    const seqArrivals = new Map<number, number>();
    let hostPushes = 0;
    hostSocket.onAny(() => {
      hostPushes += 1;
    });
    hostSocket.on('request:upserted', (push) => {
      const now = performance.now();
      receivedAt.set(`${push.request.song_id}#${push.request.request_count}`, now);
      seqArrivals.set(push.seq, now);
      if (push.seq < maxSeq) outOfOrder += 1;
      maxSeq = Math.max(maxSeq, push.seq);
    });
    const sentAt = new Map<string, number>();
    /** Which node answered each accepted request, and when it was sent (ms into the run). */
    const sentVia = new Map<string, { node: number; atMs: number }>();
    const httpLatencies: number[] = [];
    const admittedLatencies: number[] = [];
    const failures: Record<string, number> = {};
    const fail = (reason: string) => {
      failures[reason] = (failures[reason] ?? 0) + 1;
    };
    const inFlight = new Set<Promise<void>>();

    const send = (index: number): void => {
      const attendee = index % attendeeCount;
      const round = Math.floor(index / attendeeCount);
      const songId = input.songIds[(attendee + round) % input.songIds.length] ?? '';
      const token = input.attendeeTokens[attendee] ?? '';
      const url = input.nodeUrls[index % input.nodeUrls.length] ?? '';
      const started = performance.now();
      const request = fetch(`${url}/api/v1/send-song-request`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: input.eventId, song_id: songId }),
      })
        .then(async (res) => {
          const body = (await res.json()) as {
            data?: { grouped_song_request?: { request_count: number } };
          };
          if (index < warmup) return;
          const took = performance.now() - started;
          httpLatencies.push(took);
          const count = body.data?.grouped_song_request?.request_count;
          if (res.status === 503 && !res.headers.has('retry-after')) {
            return fail('503 without Retry-After');
          }
          if (res.status !== 201 || count === undefined) return fail(String(res.status));
          admittedLatencies.push(took);
          sentAt.set(`${songId}#${count}`, started);
          sentVia.set(`${songId}#${count}`, {
            node: index % input.nodeUrls.length,
            atMs: Math.round(started - startedAt),
          });
        })
        .catch(() => {
          if (index >= warmup) fail('network');
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    };

    let reconnect: LoadResult['reconnect'] = null;
    const awaySeconds = Math.min(AWAY_SECONDS, input.durationSeconds);
    /** Comes back after `awaySeconds` holding the seq the host had when measuring began. */
    const probeReconnect = async (): Promise<void> => {
      const since = maxSeq;
      await new Promise((resolve) => setTimeout(resolve, awaySeconds * 1000));
      const url = input.nodeUrls[input.nodeUrls.length - 1] ?? '';
      const socket = await connectSocket(url, input.hostToken);
      try {
        const readBefore = bytesReadBy(socket);
        const asked = performance.now();
        // As the web app asks (it can inflate): a big delta comes raw-deflated.
        const answer = await socket.emitWithAck('event:subscribe', {
          eventId: input.eventId,
          since,
          inflate: DELTA_ENCODING,
        });
        const answerMs = performance.now() - asked;
        // Includes any push that reached the socket between joining the room and the answer.
        const answerWireBytes = bytesReadBy(socket) - readBefore;
        if (!answer.ok) throw new Error(`the returning host was refused: ${answer.error}`);
        const snapshot = await fetch(`${url}/api/v1/get-event-details?id=${input.eventId}`, {
          headers: { authorization: `Bearer ${input.hostToken}` },
        });
        const delta = answer.data.deltaDeflated
          ? (JSON.parse(inflateRawSync(answer.data.deltaDeflated).toString('utf8')) as RoomDelta)
          : answer.data.delta;
        reconnect = {
          awaySeconds,
          writes: delta ? delta.toSeq - delta.fromSeq : 0,
          wholeSongs: delta?.upserted.length ?? 0,
          recountedSongs: delta?.recounted.length ?? 0,
          viaDelta: delta !== undefined,
          answerBytes: Buffer.byteLength(JSON.stringify({ ...answer.data, delta })),
          answerWireBytes,
          snapshotBytes: (await snapshot.arrayBuffer()).byteLength,
          answerMs: round2(answerMs),
        };
      } finally {
        socket.disconnect();
      }
    };

    let sent = 0;
    let measuringSince = 0;
    let hostPushesBeforeMeasuring = 0;
    let statsBeforeMeasuring = 0;
    let workersCpuBeforeMeasuring = 0;
    let lastSentAt = 0;
    const hookCalls: Array<Promise<void>> = [];
    const startedAt = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const elapsedSeconds = (performance.now() - startedAt) / 1000;
        const due = Math.min(total, Math.floor(elapsedSeconds * input.rate));
        for (; sent < due; sent += 1) {
          if (sent === warmup) {
            measuringSince = performance.now();
            hostPushesBeforeMeasuring = hostPushes;
            hookCalls.push(
              hooks.measuring(),
              probeReconnect(),
              attendees.heard(0).then((heard) => {
                statsBeforeMeasuring = heard.received;
                workersCpuBeforeMeasuring = heard.cpuMs;
              }),
            );
          }
          send(sent);
          lastSentAt = performance.now();
        }
        if (sent >= total) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    const measuredCount = sent - warmup;
    // n requests span n - 1 intervals.
    const sendingSeconds = Math.max(0.001, (lastSentAt - measuringSince) / 1000);
    await Promise.all([...inFlight, ...hookCalls]);
    // Every push still on its way: the host's entries (receivedAt also holds the
    // warm-up's, so compare keys, not sizes) and the last counts to every attendee socket.
    const hostWaiting = () => [...sentAt.keys()].some((key) => !receivedAt.has(key));
    const drainUntil = performance.now() + DRAIN_MS;
    let heard = await attendees.heard(maxSeq);
    while (performance.now() < drainUntil && (hostWaiting() || heard.upToDate < attendeeCount)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      heard = await attendees.heard(maxSeq);
    }

    const latencies: number[] = [];
    let lost = 0;
    for (const [key, started] of sentAt) {
      const received = receivedAt.get(key);
      if (received === undefined) {
        lost += 1;
        if (lost <= 5)
          console.warn(
            `lost: ${key}, answered by node ${sentVia.get(key)?.node}, sent at ${sentVia.get(key)?.atMs} ms`,
          );
      } else latencies.push(received - started);
    }
    return {
      attendees: attendeeCount,
      targetRate: input.rate,
      durationSeconds: input.durationSeconds,
      sent: measuredCount,
      accepted: sentAt.size,
      failures,
      achievedRate: Math.round(((measuredCount - 1) / sendingSeconds) * 10) / 10,
      pushLatencyMs: summary(latencies),
      httpLatencyMs: summary(httpLatencies),
      admittedHttpLatencyMs: summary(admittedLatencies),
      lost,
      outOfOrder,
      reordered: reorderWaits(seqArrivals),
      fanOut: {
        upToDate: heard.upToDate,
        sockets: attendeeCount,
        perSocketPerSecond: round2(heard.intervals / Math.max(0.001, heard.spanMs / 1000)),
        shortestGapMs: Number.isFinite(heard.shortestGapMs) ? round2(heard.shortestGapMs) : 0,
        deliveredWhileMeasuring:
          heard.received - statsBeforeMeasuring + hostPushes - hostPushesBeforeMeasuring,
        workersCpuMsWhileMeasuring: heard.cpuMs - workersCpuBeforeMeasuring,
      },
      reconnect,
    };
  } finally {
    hostSocket.disconnect();
    await attendees.close();
  }
}
