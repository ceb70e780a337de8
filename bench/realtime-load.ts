/**
 * The load generator of bench/realtime-latency.ts, run in a worker thread:
 * connects every attendee and the host to the event's room, posts song
 * requests at a steady rate over keep-alive HTTP, and times each from its
 * POST to the host socket's `request:upserted`. Sending and receiving both
 * happen here, so one clock measures both ends.
 */
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ClientToServerEvents, ServerToClientEvents } from '@floorfill/shared';
import { io, type Socket } from 'socket.io-client';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long to wait for stragglers after the last request was answered. */
const DRAIN_MS = 3000;
/** Handshakes at a time: a burst of hundreds measures the handshake, not the room. */
const CONNECT_BATCH = 50;

export interface LoadInput {
  baseUrl: string;
  eventId: number;
  hostToken: string;
  attendeeTokens: string[];
  songIds: string[];
  rate: number;
  durationSeconds: number;
  /** Seconds at the same rate before measuring (JIT, pools and caches warm up); not counted. */
  warmupSeconds: number;
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
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
  /** Accepted requests whose push never reached the host's socket. */
  lost: number;
  /** Pushes that reached the host after one with a higher seq. */
  outOfOrder: number;
  /**
   * CPU time of the whole process (server and clients) per accepted request
   * while measuring: unlike the latencies, it hardly depends on what else
   * loads the machine, so it estimates capacity on a busy one.
   */
  cpuMsPerRequest: number;
  /** Pushes counted on every attendee socket (warm-up included), against the expected fan-out. */
  fanOut: { received: number; expected: number };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function summary(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

function connect(baseUrl: string, token: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = io(baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function connectAndSubscribe(
  baseUrl: string,
  tokens: string[],
  eventId: number,
): Promise<ClientSocket[]> {
  const sockets: ClientSocket[] = [];
  for (let start = 0; start < tokens.length; start += CONNECT_BATCH) {
    const batch = await Promise.all(
      tokens.slice(start, start + CONNECT_BATCH).map((token) => connect(baseUrl, token)),
    );
    sockets.push(...batch);
    const acks = await Promise.all(
      batch.map((socket) => socket.emitWithAck('event:subscribe', { eventId })),
    );
    if (acks.some((ack) => !ack.ok)) throw new Error('a socket could not subscribe');
  }
  return sockets;
}

export async function runLoad(input: LoadInput): Promise<LoadResult> {
  const attendeeCount = input.attendeeTokens.length;
  const warmup = Math.floor(input.rate * input.warmupSeconds);
  const total = warmup + Math.floor(input.rate * input.durationSeconds);
  const capacity = attendeeCount * input.songIds.length;
  if (total > capacity) {
    throw new Error(
      `${total} requests need more distinct (attendee, song) pairs than ${capacity}: raise --songs or --attendees`,
    );
  }
  const [hostSocket] = await connectAndSubscribe(input.baseUrl, [input.hostToken], input.eventId);
  if (!hostSocket) throw new Error('no host socket');
  const attendeeSockets = await connectAndSubscribe(
    input.baseUrl,
    input.attendeeTokens,
    input.eventId,
  );

  try {
    // A request is known by (song, count after it): counts only grow here, so the pair is unique.
    const receivedAt = new Map<string, number>();
    let maxSeq = 0;
    let outOfOrder = 0;
    hostSocket.on('request:upserted', (push) => {
      receivedAt.set(`${push.request.song_id}#${push.request.request_count}`, performance.now());
      if (push.seq < maxSeq) outOfOrder += 1;
      maxSeq = Math.max(maxSeq, push.seq);
    });
    let fanOutReceived = 0;
    for (const socket of attendeeSockets) {
      socket.on('request:upserted', () => {
        fanOutReceived += 1;
      });
    }

    const sentAt = new Map<string, number>();
    let warmupAccepted = 0;
    const httpLatencies: number[] = [];
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
      const started = performance.now();
      const request = fetch(`${input.baseUrl}/api/v1/send-song-request`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: input.eventId, song_id: songId }),
      })
        .then(async (res) => {
          const body = (await res.json()) as {
            data?: { grouped_song_request?: { request_count: number } };
          };
          if (index >= warmup) httpLatencies.push(performance.now() - started);
          const count = body.data?.grouped_song_request?.request_count;
          if (index < warmup) {
            if (res.status === 201) warmupAccepted += 1;
            return;
          }
          if (res.status !== 201 || count === undefined) return fail(String(res.status));
          sentAt.set(`${songId}#${count}`, started);
        })
        .catch(() => {
          if (index >= warmup) fail('network');
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    };

    let sent = 0;
    let measuringSince = 0;
    let cpuSince = process.cpuUsage();
    let lastSentAt = 0;
    const startedAt = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const elapsedSeconds = (performance.now() - startedAt) / 1000;
        const due = Math.min(total, Math.floor(elapsedSeconds * input.rate));
        for (; sent < due; sent += 1) {
          if (sent === warmup) {
            measuringSince = performance.now();
            cpuSince = process.cpuUsage();
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
    // n requests span n - 1 intervals.
    const measuredCount = sent - warmup;
    const sendingSeconds = Math.max(0.001, (lastSentAt - measuringSince) / 1000);
    await Promise.all([...inFlight]);
    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil && receivedAt.size < sentAt.size) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const cpu = process.cpuUsage(cpuSince);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const latencies: number[] = [];
    let lost = 0;
    for (const [key, started] of sentAt) {
      const received = receivedAt.get(key);
      if (received === undefined) lost += 1;
      else latencies.push(received - started);
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
      lost,
      outOfOrder,
      cpuMsPerRequest: Math.round((cpuMs / Math.max(1, sentAt.size)) * 100) / 100,
      fanOut: {
        received: fanOutReceived,
        expected: (warmupAccepted + sentAt.size) * attendeeCount,
      },
    };
  } finally {
    hostSocket.disconnect();
    for (const socket of attendeeSockets) socket.disconnect();
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  runLoad(workerData as LoadInput).then(
    (result) => port.postMessage(result),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
