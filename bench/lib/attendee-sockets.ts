/**
 * The attendees' sockets of the realtime benchmark, in worker processes of
 * their own (this file is the worker's entry): thousands of sockets each
 * hearing the room's pushes would otherwise share the load
 * generator's event loop with the host socket whose push times it measures,
 * and one process may not hold more file descriptors than its limit.
 *
 * A worker connects its slice of the attendees (each to the node the
 * round-robin over all attendees gives it), subscribes them to the event's
 * room and counts what they hear; the parent asks over IPC. The attendees
 * are lean sockets (lean-attendee.ts) speaking Socket.IO's wire protocol;
 * the host's socket and the returning host are socket.io-client, as the
 * web app is.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { ClientToServerEvents, ServerToClientEvents } from '@floorfill/shared';
import { io, type Socket } from 'socket.io-client';
import { connectLeanAttendee, seqOfStatsFrame, type LeanAttendee } from './lean-attendee.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Handshakes at a time: a burst of thousands measures the handshake, not the room. */
const CONNECT_BATCH = 50;
/** Sockets per worker process. */
export const SOCKETS_PER_WORKER = 2500;
const START_TIMEOUT_MS = 300_000;

export interface FleetSlice {
  nodeUrls: readonly string[];
  eventId: number;
  tokens: readonly string[];
  /** The slice's first attendee in the whole list (it picks the nodes round-robin). */
  offset: number;
}

/** What a slice's sockets heard of `event:stats` (see LoadResult.fanOut). */
export interface StatsHeard {
  /** Sockets whose newest counts are those of at least the seq asked about. */
  upToDate: number;
  /** Between consecutive pushes to one socket, summed over the sockets. */
  intervals: number;
  spanMs: number;
  shortestGapMs: number;
  /** Every `event:stats` the sockets got so far. */
  received: number;
  /** The workers' own CPU so far (ms): what hearing the room costs the load generator. */
  cpuMs: number;
}

type WorkerRequest =
  | { type: 'connect'; slice: FleetSlice }
  | { type: 'heard'; id: number; seq: number }
  | { type: 'close' };
type WorkerReply =
  | { type: 'connected' }
  | { type: 'failed'; error: string }
  | { type: 'heard'; id: number; heard: StatsHeard };

export function connectSocket(url: string, token: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      // A node busy with thousands of handshakes on a shared machine answers late, not never.
      timeout: 120_000,
      auth: { token },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Bytes the socket's TCP connection has read so far: what arrived on the
 * wire, frames' headers and any permessage-deflate compression included.
 */
export function bytesReadBy(socket: ClientSocket): number {
  // engine.io-client's WebSocket transport on Node holds a `ws` WebSocket, whose `_socket` is the net.Socket.
  const transport = socket.io.engine.transport as unknown as {
    ws?: { _socket?: { bytesRead: number } };
  };
  const tcp = transport.ws?._socket;
  if (!tcp) throw new Error('no WebSocket under this socket to measure');
  return tcp.bytesRead;
}

/** Connects and subscribes `tokens[i]` to `urls[(offset + i) % urls.length]`, a batch at a time. */
export async function connectAndSubscribe(
  urls: readonly string[],
  tokens: readonly string[],
  eventId: number,
  offset = 0,
): Promise<ClientSocket[]> {
  const sockets: ClientSocket[] = [];
  for (let start = 0; start < tokens.length; start += CONNECT_BATCH) {
    const batch = await Promise.all(
      tokens
        .slice(start, start + CONNECT_BATCH)
        .map((token, index) =>
          connectSocket(urls[(offset + start + index) % urls.length] ?? '', token),
        ),
    );
    sockets.push(...batch);
    const acks = await Promise.all(
      batch.map((socket) => socket.emitWithAck('event:subscribe', { eventId })),
    );
    if (acks.some((ack) => !ack.ok)) throw new Error('a socket could not subscribe');
  }
  return sockets;
}

/** Connects the slice's attendees (lean sockets), a batch at a time, each counting what it hears. */
async function connectSlice(
  slice: FleetSlice,
  onStats: (index: number, frame: string) => void,
): Promise<LeanAttendee[]> {
  const attendees: LeanAttendee[] = [];
  for (let start = 0; start < slice.tokens.length; start += CONNECT_BATCH) {
    const batch = slice.tokens.slice(start, start + CONNECT_BATCH).map((token, offset) => {
      const index = start + offset;
      const url = slice.nodeUrls[(slice.offset + index) % slice.nodeUrls.length] ?? '';
      return connectLeanAttendee(url, token, slice.eventId, (frame) => onStats(index, frame));
    });
    attendees.push(...(await Promise.all(batch)));
  }
  return attendees;
}

/** The worker: one slice of sockets, counting every `event:stats` each hears. */
function serveSlice(): void {
  let sockets: LeanAttendee[] = [];
  let count = new Uint32Array(0);
  let first = new Float64Array(0);
  let last = new Float64Array(0);
  let newestSeq = new Float64Array(0);
  /** Each socket's last frame not yet read for its seq (read when the parent asks). */
  let unread: Array<string | undefined> = [];
  let shortestGapMs = Number.POSITIVE_INFINITY;
  const send = (reply: WorkerReply) => process.send?.(reply);

  process.on('message', (request: WorkerRequest) => {
    switch (request.type) {
      case 'connect': {
        const { slice } = request;
        const size = slice.tokens.length;
        count = new Uint32Array(size);
        first = new Float64Array(size);
        last = new Float64Array(size);
        newestSeq = new Float64Array(size);
        unread = Array.from({ length: size });
        connectSlice(slice, (index, frame) => {
          const now = performance.now();
          if (count[index]! > 0) shortestGapMs = Math.min(shortestGapMs, now - last[index]!);
          else first[index] = now;
          count[index]! += 1;
          last[index] = now;
          unread[index] = frame;
        })
          .then((connected) => {
            sockets = connected;
            send({ type: 'connected' });
          })
          .catch((error: unknown) => send({ type: 'failed', error: String(error) }));
        return;
      }
      case 'heard': {
        let upToDate = 0;
        let received = 0;
        let intervals = 0;
        let spanMs = 0;
        for (let index = 0; index < sockets.length; index += 1) {
          const frame = unread[index];
          if (frame !== undefined) {
            newestSeq[index] = Math.max(newestSeq[index]!, seqOfStatsFrame(frame));
            unread[index] = undefined;
          }
          if (newestSeq[index]! >= request.seq) upToDate += 1;
          received += count[index]!;
          if (count[index]! < 2) continue;
          intervals += count[index]! - 1;
          spanMs += last[index]! - first[index]!;
        }
        const cpu = process.cpuUsage();
        send({
          type: 'heard',
          id: request.id,
          heard: {
            upToDate,
            intervals,
            spanMs,
            shortestGapMs,
            received,
            cpuMs: (cpu.user + cpu.system) / 1000,
          },
        });
        return;
      }
      case 'close':
        for (const socket of sockets) socket.close();
        process.exit(0);
    }
  });
}

export interface AttendeeFleet {
  readonly sockets: number;
  readonly workers: number;
  /** Every worker's sockets together. */
  heard(seq: number): Promise<StatsHeard>;
  close(): Promise<void>;
}

/** Starts the workers and connects every attendee, `SOCKETS_PER_WORKER` to a worker. */
export async function startFleet(
  nodeUrls: readonly string[],
  eventId: number,
  tokens: readonly string[],
): Promise<AttendeeFleet> {
  const children: ChildProcess[] = [];
  let nextId = 1;
  const pending = new Map<number, (heard: StatsHeard) => void>();
  const close = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.send({ type: 'close' } satisfies WorkerRequest);
          }),
      ),
    );
  };
  try {
    const started: Array<Promise<void>> = [];
    for (let offset = 0; offset < tokens.length; offset += SOCKETS_PER_WORKER) {
      const child = fork(import.meta.filename, [], {
        env: { ...process.env, BENCH_SOCKET_WORKER: '1' },
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      started.push(
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error('a socket worker did not connect in time')),
            START_TIMEOUT_MS,
          );
          child.once('exit', (code) => reject(new Error(`a socket worker exited with ${code}`)));
          child.on('message', (reply: WorkerReply) => {
            if (reply.type === 'connected') {
              clearTimeout(timer);
              resolve();
            } else if (reply.type === 'failed') {
              clearTimeout(timer);
              reject(new Error(reply.error));
            } else {
              pending.get(reply.id)?.(reply.heard);
              pending.delete(reply.id);
            }
          });
          const slice: FleetSlice = {
            nodeUrls,
            eventId,
            tokens: tokens.slice(offset, offset + SOCKETS_PER_WORKER),
            offset,
          };
          child.send({ type: 'connect', slice } satisfies WorkerRequest);
        }),
      );
    }
    await Promise.all(started);
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    throw error;
  }
  for (const child of children) child.removeAllListeners('exit');

  const ask = (child: ChildProcess, seq: number) =>
    new Promise<StatsHeard>((resolve) => {
      const id = nextId;
      nextId += 1;
      pending.set(id, resolve);
      child.send({ type: 'heard', id, seq } satisfies WorkerRequest);
    });

  return {
    sockets: tokens.length,
    workers: children.length,
    async heard(seq) {
      const parts = await Promise.all(children.map((child) => ask(child, seq)));
      return parts.reduce(
        (sum, part) => ({
          upToDate: sum.upToDate + part.upToDate,
          intervals: sum.intervals + part.intervals,
          spanMs: sum.spanMs + part.spanMs,
          shortestGapMs: Math.min(sum.shortestGapMs, part.shortestGapMs),
          received: sum.received + part.received,
          cpuMs: sum.cpuMs + part.cpuMs,
        }),
        {
          upToDate: 0,
          intervals: 0,
          spanMs: 0,
          shortestGapMs: Number.POSITIVE_INFINITY,
          received: 0,
          cpuMs: 0,
        },
      );
    },
    close,
  };
}

if (process.env.BENCH_SOCKET_WORKER === '1') serveSlice();
