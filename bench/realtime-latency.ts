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
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../server/src/app.ts';
import { createSessionTokens } from '../server/src/auth/tokens.ts';
import { loadConfig, type Config } from '../server/src/config.ts';
import { generateEventCode } from '../server/src/events/event-code.ts';
import { createAppContext, type AppContext } from '../server/src/infra/context.ts';
import { createLogger } from '../server/src/infra/logger.ts';
import type { LoadInput, LoadResult } from './realtime-load.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const PERFORMANCE_DOC = path.join(REPO_ROOT, 'docs', 'performance.md');
const INSERT_BATCH = 500;

export interface Options {
  attendees: number;
  rate: number;
  durationSeconds: number;
  warmupSeconds: number;
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
      warmup: { type: 'string', default: '2' },
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
    warmupSeconds: Math.max(0, Number(values.warmup) || 0),
    songs: Math.round(positive('songs', values.songs)),
    record: !values['no-record'],
  };
}

/** The run's own keys (queues, rate limits) go with it; the prefix is unique to the run. */
async function deleteRedisKeys(config: Config): Promise<void> {
  if (!config.redisUrl) return;
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${config.redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
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
      await deleteRedisKeys(config);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Seeded = Pick<LoadInput, 'eventId' | 'hostToken' | 'attendeeTokens' | 'songIds'>;

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

export interface Result extends LoadResult {
  mode: string;
  loadAverage: number[];
}

/**
 * The load generator runs in a worker thread: the server keeps the main
 * thread to itself, and the clients' own work (decoding every push on every
 * attendee socket) uses the other core instead of delaying the server.
 */
function runLoadInWorker(input: LoadInput): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The worker registers tsx itself before loading the TypeScript load generator.
    const entry = new URL('./realtime-load.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(bootstrap, { eval: true, workerData: input });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load worker exited with ${code}`));
    });
  });
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

function failuresText(failures: Record<string, number>): string {
  const parts = Object.entries(failures).map(([status, count]) => `${count} × ${status}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** Failed requests of any kind. */
function failedCount(result: LoadResult): number {
  return Object.values(result.failures).reduce((sum, count) => sum + count, 0);
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
      'target rate (requests/s) × measured duration (s), after a warm-up',
      `${result.targetRate} × ${result.durationSeconds}`,
    ),
    row('requests sent / accepted (201)', `${result.sent} / ${result.accepted}`),
    row('refused or failed, by status', failuresText(result.failures)),
    row('achieved send rate (requests/s)', result.achievedRate),
    row('POST → host socket, ms p50 / p95 / p99 / max', ms(result.pushLatencyMs)),
    row('POST → HTTP answer, ms p50 / p95 / p99 / max', ms(result.httpLatencyMs)),
    row('CPU per accepted request, server + clients (ms)', result.cpuMsPerRequest),
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
  try {
    const baseUrl = await listen(app);
    const mode = `${ctx.database.kind}${ctx.redis ? ' + Redis adapter' : ' + in-memory adapter'}`;
    console.log(`realtime-latency: ${mode}, seeding ${options.attendees} attendees…`);
    const seeded = await seed(ctx, options.attendees, options.songs);
    console.log(
      `realtime-latency: ${options.attendees} attendee sockets, then ${options.rate} requests/s for ${options.durationSeconds} s…`,
    );
    const measured = await runLoadInWorker({
      baseUrl,
      ...seeded,
      rate: options.rate,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
    });
    const result: Result = { mode, loadAverage, ...measured };
    console.log(`\n${machine(mode, loadAverage)}\n\n${table(result)}\n`);
    if (options.record) {
      await record(result);
      console.log(`appended to ${path.relative(process.cwd(), PERFORMANCE_DOC)}`);
    }
    return result;
  } finally {
    await app.close();
    await ctx.close();
    await scratch.cleanup();
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (invokedDirectly) {
  runRealtimeLatency(parseOptions(process.argv.slice(2)))
    .then((result) => {
      process.exit(result.lost > 0 || failedCount(result) > 0 ? 1 : 0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
