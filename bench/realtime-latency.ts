/**
 * Realtime latency: how long a song request takes from the attendee's HTTP
 * POST to the host's socket, under a steady request rate with every attendee
 * connected to the event's room (so each write fans out to all of them).
 *
 *   npx tsx bench/realtime-latency.ts --attendees 300 --rate 50 --duration 20
 *
 * Embedded PGlite and the in-memory adapter by default; real Postgres and the
 * Redis adapter when DATABASE_URL and REDIS_URL are set (a scratch database is
 * created next to DATABASE_URL's and dropped afterwards). Results are printed
 * and appended to docs/performance.md (skip with --no-record).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { ClientToServerEvents, ServerToClientEvents } from '@floorfill/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../server/src/app.ts';
import { createSessionTokens } from '../server/src/auth/tokens.ts';
import { loadConfig, type Config } from '../server/src/config.ts';
import { generateEventCode } from '../server/src/events/event-code.ts';
import { createAppContext, type AppContext } from '../server/src/infra/context.ts';
import { createLogger } from '../server/src/infra/logger.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const PERFORMANCE_DOC = path.join(REPO_ROOT, 'docs', 'performance.md');
/** How long to wait for stragglers after the last request was answered. */
const DRAIN_MS = 3000;
const INSERT_BATCH = 500;

export interface Options {
  attendees: number;
  rate: number;
  durationSeconds: number;
  songs: number;
  record: boolean;
}

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      attendees: { type: 'string', default: '300' },
      rate: { type: 'string', default: '50' },
      duration: { type: 'string', default: '20' },
      songs: { type: 'string', default: '100' },
      'no-record': { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  const positive = (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be > 0`);
    return number;
  };
  return {
    attendees: Math.round(positive('attendees', values.attendees)),
    rate: positive('rate', values.rate),
    durationSeconds: positive('duration', values.duration),
    songs: Math.round(positive('songs', values.songs)),
    record: !values['no-record'],
  };
}

interface Scratch {
  config: Config;
  cleanup(): Promise<void>;
}

/** A config of its own: temp data dir, fresh secrets, and a scratch Postgres database when asked. */
async function scratchConfig(): Promise<Scratch> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'floorfill-bench-'));
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined;
  if (baseUrl) {
    const name = `floorfill_bench_${randomBytes(4).toString('hex')}`;
    const admin = new URL(baseUrl);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`create database "${name}"`);
    await client.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: `ffbench:${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'error',
    RUN_WORKER: 'false',
  });
  return {
    config,
    async cleanup() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Seeded {
  eventId: number;
  hostToken: string;
  attendeeTokens: string[];
  songIds: string[];
}

/** Host, event, attendees who joined it, and their sessions, straight into the database. */
async function seed(ctx: AppContext, attendees: number, songs: number): Promise<Seeded> {
  const { db, config } = ctx;
  const tokens = createSessionTokens(config);
  const expiresAt = new Date(Date.now() + 3600_000);

  async function sessionFor(userId: number): Promise<{ id: string; token: string }> {
    const id = randomUUID();
    return { id, token: await tokens.sign({ sessionId: id, userId }, expiresAt) };
  }

  const host = await db
    .insertInto('users')
    .values({
      name: 'Bench Host',
      email: 'bench-host@example.com',
      // Never used to log in: the bench signs its own session tokens.
      password_hash: 'bench-host-cannot-log-in',
      default_login: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hostSession = await sessionFor(host.id);
  await db
    .insertInto('sessions')
    .values({ id: hostSession.id, user_id: host.id, expires_at: expiresAt })
    .execute();
  const now = Date.now();
  const event = await db
    .insertInto('events')
    .values({
      host_id: host.id,
      name: 'Bench Night',
      start_time: new Date(now - 3600_000),
      end_time: new Date(now + 6 * 3600_000),
      code: generateEventCode(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const attendeeTokens: string[] = [];
  for (let start = 0; start < attendees; start += INSERT_BATCH) {
    const count = Math.min(INSERT_BATCH, attendees - start);
    const users = await db
      .insertInto('users')
      .values(
        // Guests, as most attendees arriving by QR are.
        Array.from({ length: count }, (_, index) => ({
          name: `Bench Guest ${start + index + 1}`,
          is_guest: true,
          default_login: 3 as const,
        })),
      )
      .returning('id')
      .execute();
    const sessions = await Promise.all(users.map((user) => sessionFor(user.id)));
    await db
      .insertInto('sessions')
      .values(
        users.map((user, index) => ({
          id: sessions[index]?.id ?? randomUUID(),
          user_id: user.id,
          expires_at: expiresAt,
        })),
      )
      .execute();
    await db
      .insertInto('event_attendees')
      .values(users.map((user) => ({ event_id: event.id, user_id: user.id })))
      .execute();
    attendeeTokens.push(...sessions.map((session) => session.token));
  }

  const songRows = await db
    .selectFrom('catalog_songs')
    .select('id')
    .orderBy('id')
    .limit(songs)
    .execute();
  return {
    eventId: event.id,
    hostToken: hostSession.token,
    attendeeTokens,
    songIds: songRows.map((row) => row.id),
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

async function connectAll(
  baseUrl: string,
  tokens: string[],
  eventId: number,
): Promise<ClientSocket[]> {
  const sockets: ClientSocket[] = [];
  // A few at a time: a burst of hundreds of handshakes measures the handshake, not the room.
  for (let start = 0; start < tokens.length; start += 50) {
    const batch = await Promise.all(
      tokens.slice(start, start + 50).map((token) => connect(baseUrl, token)),
    );
    const acks = await Promise.all(
      batch.map((socket) => socket.emitWithAck('event:subscribe', { eventId })),
    );
    if (acks.some((ack) => !ack.ok)) throw new Error('an attendee could not subscribe');
    sockets.push(...batch);
  }
  return sockets;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export interface Result {
  mode: string;
  loadAverage: number[];
  attendees: number;
  targetRate: number;
  durationSeconds: number;
  sent: number;
  accepted: number;
  failed: number;
  achievedRate: number;
  pushLatencyMs: { p50: number; p95: number; p99: number; max: number };
  httpLatencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Accepted requests whose push never reached the host's socket. */
  lost: number;
  /** Pushes that reached the host after one with a higher seq. */
  outOfOrder: number;
  /** Pushes counted on every attendee socket, against the expected fan-out. */
  fanOut: { received: number; expected: number };
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

async function drive(
  baseUrl: string,
  seeded: Seeded,
  hostSocket: ClientSocket,
  attendeeSockets: ClientSocket[],
  options: Options,
): Promise<Omit<Result, 'mode' | 'loadAverage'>> {
  // Each request is known by (song, count after it): counts only grow here, so the pair is unique.
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
  const httpLatencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const total = Math.floor(options.rate * options.durationSeconds);
  const attendeeCount = seeded.attendeeTokens.length;
  const maxPerAttendee = seeded.songIds.length;
  const capacity = attendeeCount * maxPerAttendee;
  if (total > capacity) {
    throw new Error(
      `${total} requests need more distinct (attendee, song) pairs than ${capacity}: raise --songs or --attendees`,
    );
  }

  function send(index: number): void {
    const attendee = index % attendeeCount;
    const round = Math.floor(index / attendeeCount);
    const songId = seeded.songIds[(attendee + round) % seeded.songIds.length] ?? '';
    const token = seeded.attendeeTokens[attendee] ?? '';
    const started = performance.now();
    const request = fetch(`${baseUrl}/api/v1/send-song-request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: seeded.eventId, song_id: songId }),
    })
      .then(async (res) => {
        const body = (await res.json()) as {
          data?: { grouped_song_request?: { request_count: number } };
        };
        httpLatencies.push(performance.now() - started);
        const count = body.data?.grouped_song_request?.request_count;
        if (res.status !== 201 || count === undefined) {
          failed += 1;
          return;
        }
        sentAt.set(`${songId}#${count}`, started);
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }

  const startedAt = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(
        total,
        Math.floor(((performance.now() - startedAt) / 1000) * options.rate),
      );
      while (sent < due) {
        send(sent);
        sent += 1;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const sendingSeconds = (performance.now() - startedAt) / 1000;
  await Promise.all([...inFlight]);
  const drainUntil = performance.now() + DRAIN_MS;
  while (performance.now() < drainUntil && receivedAt.size < sentAt.size) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const latencies: number[] = [];
  let lost = 0;
  for (const [key, started] of sentAt) {
    const received = receivedAt.get(key);
    if (received === undefined) lost += 1;
    else latencies.push(received - started);
  }
  return {
    attendees: attendeeCount,
    targetRate: options.rate,
    durationSeconds: options.durationSeconds,
    sent,
    accepted: sentAt.size,
    failed,
    achievedRate: Math.round((sent / sendingSeconds) * 10) / 10,
    pushLatencyMs: summary(latencies),
    httpLatencyMs: summary(httpLatencies),
    lost,
    outOfOrder,
    fanOut: { received: fanOutReceived, expected: sentAt.size * attendeeCount },
  };
}

function machine(mode: string, loadAverage: readonly number[]): string {
  const cpus = os.cpus();
  const ram = Math.round(os.totalmem() / 1024 ** 3);
  // Other work on the machine skews the numbers: the 1-minute load average before the run says how much.
  const load = loadAverage[0]?.toFixed(2) ?? '?';
  return [
    `${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
    `${cpus.length} cores`,
    `${ram} GiB RAM`,
    `Node ${process.version}`,
    `${os.platform()} ${os.release()}`,
    mode,
    `load average before the run ${load}`,
  ].join(' · ');
}

function table(result: Result): string {
  const row = (name: string, value: string | number) => `| ${name} | ${value} |`;
  const ms = (stats: Result['pushLatencyMs']) =>
    `${stats.p50} / ${stats.p95} / ${stats.p99} / ${stats.max}`;
  return [
    '| measure | value |',
    '| --- | --- |',
    row('attendees connected (each in the room)', result.attendees),
    row(
      'target rate (requests/s) × duration (s)',
      `${result.targetRate} × ${result.durationSeconds}`,
    ),
    row(
      'requests sent / accepted (201) / failed',
      `${result.sent} / ${result.accepted} / ${result.failed}`,
    ),
    row('achieved send rate (requests/s)', result.achievedRate),
    row('POST → host socket, ms p50 / p95 / p99 / max', ms(result.pushLatencyMs)),
    row('POST → HTTP answer, ms p50 / p95 / p99 / max', ms(result.httpLatencyMs)),
    row('lost (accepted, never pushed to the host)', result.lost),
    row('out of order (seq lower than one already seen)', result.outOfOrder),
    row(
      'fan-out: pushes received by attendee sockets / expected',
      `${result.fanOut.received} / ${result.fanOut.expected}`,
    ),
  ].join('\n');
}

const DOC_INTRO = `# Performance

Benchmarks live in \`bench/\` (see \`bench/README.md\`). Each run appends its
results here with the machine it ran on, newest at the end. Numbers from a
2-core development machine, where the load generator shares the CPU with the
server it measures, are a floor, not a capacity plan.

Run them with \`npm run bench\` (all, default flags) or one at a time, e.g.

    npx tsx bench/realtime-latency.ts --attendees 300 --rate 50 --duration 20

Embedded PGlite by default; set \`DATABASE_URL\` and \`REDIS_URL\` to measure
real Postgres and the Redis adapter (a scratch database is created beside the
given one and dropped after the run). Every attendee holds a WebSocket and the
load generator runs in the same process, so raise the open-file limit first
for large runs: \`ulimit -n 65535\` (each attendee costs two descriptors here,
client and server side).
`;

/** Appends the run to docs/performance.md, kept in the repository's Prettier style. */
async function record(result: Result): Promise<void> {
  if (!existsSync(PERFORMANCE_DOC)) writeFileSync(PERFORMANCE_DOC, DOC_INTRO);
  const section = [
    '',
    `## Realtime latency — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    machine(result.mode, result.loadAverage),
    '',
    table(result),
    '',
  ].join('\n');
  appendFileSync(PERFORMANCE_DOC, section);
  const options = (await resolveConfig(PERFORMANCE_DOC)) ?? {};
  const text = readFileSync(PERFORMANCE_DOC, 'utf8');
  writeFileSync(PERFORMANCE_DOC, await format(text, { ...options, parser: 'markdown' }));
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

export async function runRealtimeLatency(options: Options): Promise<Result> {
  const loadAverage = os.loadavg();
  const scratch = await scratchConfig();
  const { config } = scratch;
  const logger = createLogger(config);
  const ctx = await createAppContext(config, logger);
  const app = await buildApp(ctx, logger);
  const sockets: ClientSocket[] = [];
  try {
    const baseUrl = await listen(app);
    const mode = `${ctx.database.kind}${ctx.redis ? ' + Redis adapter' : ' + in-memory adapter'}`;
    console.log(`realtime-latency: ${mode}, seeding ${options.attendees} attendees…`);
    const seeded = await seed(ctx, options.attendees, options.songs);
    const hostSocket = await connect(baseUrl, seeded.hostToken);
    sockets.push(hostSocket);
    const ack = await hostSocket.emitWithAck('event:subscribe', { eventId: seeded.eventId });
    if (!ack.ok) throw new Error('the host could not subscribe');
    console.log(`realtime-latency: connecting ${options.attendees} attendee sockets…`);
    sockets.push(...(await connectAll(baseUrl, seeded.attendeeTokens, seeded.eventId)));
    console.log(`realtime-latency: ${options.rate} requests/s for ${options.durationSeconds} s…`);
    const measured = await drive(baseUrl, seeded, hostSocket, sockets.slice(1), options);
    const result: Result = { mode, loadAverage, ...measured };
    console.log(`\n${machine(mode, loadAverage)}\n\n${table(result)}\n`);
    if (options.record) {
      await record(result);
      console.log(`appended to ${path.relative(process.cwd(), PERFORMANCE_DOC)}`);
    }
    return result;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await app.close();
    await ctx.close();
    await scratch.cleanup();
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (invokedDirectly) {
  runRealtimeLatency(parseOptions(process.argv.slice(2)))
    .then((result) => {
      process.exit(result.lost > 0 || result.failed > 0 ? 1 : 0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
