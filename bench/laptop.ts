/**
 * The embedded default on a DJ's laptop: `npm start` run exactly as a person
 * runs it (PGlite, in-process jobs, no DATABASE_URL or REDIS_URL), timed from
 * the command to the first 200 from /healthz, then weighed once it idles
 * (--idle seconds after a GET of the home page and one song search).
 *
 *   npx tsx bench/laptop.ts --idle 10
 *   npm run bench -- --only laptop
 *
 * Two starts on one fresh DATA_DIR, each with the web build current (the
 * builds `npm start` would make are brought up to date first, untimed):
 *
 * - first run: PGlite creates the database and the migrations fill it, which
 *   happens once per data folder;
 * - restart: the same folder reopened, which is every later start and the
 *   case the start-up target is about.
 *
 * `npm start` is a tree (npm → sh → node, more with tsx): the memory target
 * is the server process's own resident set, and the tree is listed beside
 * it. The server process is the deepest one whose command line names the
 * server's main entry. Each start is a process group of its own, on a free
 * loopback port, stopped with everything in it whether or not the run
 * succeeded.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loginData } from '@floorfill/shared';
import { z } from 'zod';
import {
  bringBuildsUpToDate,
  freeLoopbackPort,
  HEALTHY_TIMEOUT_MS,
  startApp,
  stopApp,
  stopAppsOnExit,
  waitHealthy,
} from './lib/npm-start.ts';
import { machine, publish, round2, runWhenInvoked, table, type Row } from './lib/report.ts';
import { targetRows, type Target } from './lib/targets.ts';

export interface Options {
  idleSeconds: number;
  record: boolean;
}

const TARGET_START_SECONDS = 5;
const TARGET_IDLE_RSS_MB = 300;
const SHED_RETRY_MS = 250;
/**
 * V8 reserves 8 GiB of address space per 32-bit WebAssembly memory (bounds
 * checks by guard pages): the accessible start of such a reservation is the
 * WASM linear memory, PGlite's whole Postgres heap.
 */
const WASM_RESERVATION_MIN_KB = 4 * 1024 * 1024;
/** The server's main entry on a command line, run from the root or from server/. */
const SERVER_ENTRY = /(?:^|[\s/])(?:src\/main\.ts|dist\/main\.js)(?:\s|$)/;

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      idle: { type: 'string', default: '10' },
      'no-record': { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  const idleSeconds = Number(values.idle);
  if (!Number.isFinite(idleSeconds) || idleSeconds < 0) throw new Error('--idle must be ≥ 0');
  return { idleSeconds, record: !values['no-record'] };
}

interface ProcessInfo {
  pid: number;
  /** 0 for the `npm start` process itself. */
  depth: number;
  command: string;
  rssKb: number;
}

interface MemoryBreakdown {
  rssKb: number;
  /** PGlite's WASM linear memory (resident part); undefined when no such mapping was found. */
  wasmKb: number | undefined;
  heapUsedBytes: number;
  heapTotalBytes: number;
}

interface StartMeasure {
  healthySeconds: number;
  /** 503s (load shedding) the first visitor's requests met once /healthz was 200. */
  shedAfterStart: number;
  tree: ProcessInfo[];
  server: ProcessInfo;
  memory: MemoryBreakdown;
}

function statusKb(status: string, field: string): number {
  const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) : 0;
}

/** Every process under `rootPid` (itself included), parents before children, from /proc. */
function processTree(rootPid: number): ProcessInfo[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields that follow start after the last ')'.
      const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parentPid, [...(children.get(parentPid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree: ProcessInfo[] = [];
  const visit = (pid: number, depth: number) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      tree.push({ pid, depth, command, rssKb: statusKb(status, 'VmRSS') });
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child, depth + 1);
  };
  visit(rootPid, 0);
  return tree;
}

function serverProcess(tree: ProcessInfo[]): ProcessInfo {
  const candidates = tree.filter((info) => SERVER_ENTRY.test(info.command));
  const deepest = candidates.sort((a, b) => b.depth - a.depth)[0];
  if (!deepest) throw new Error('no process running the server entry was found under npm start');
  return deepest;
}

/** The resident part of the WASM linear memory, read from the process's memory map. */
function wasmMemoryKb(pid: number): number | undefined {
  interface Mapping {
    start: bigint;
    end: bigint;
    perms: string;
    anonymous: boolean;
    rssKb: number;
  }
  const mappings: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/);
    if (head) {
      mappings.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3] ?? '',
        anonymous: (head[4] ?? '') === '',
        rssKb: 0,
      });
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    const current = mappings.at(-1);
    if (rss && current) current.rssKb = Number(rss[1]);
  }
  const wasmMemories = mappings.filter((accessible, index) => {
    const guard = mappings[index + 1];
    if (!guard || !accessible.anonymous || !guard.anonymous) return false;
    if (!accessible.perms.startsWith('rw') || !guard.perms.startsWith('---')) return false;
    const reservedKb = Number(guard.end - accessible.start) / 1024;
    return guard.start === accessible.end && reservedKb >= WASM_RESERVATION_MIN_KB;
  });
  // Node has small WASM memories of its own (its HTTP parser, its module lexer): PGlite's is the big one.
  const residentKb = wasmMemories.map((memory) => memory.rssKb);
  return residentKb.length > 0 ? Math.max(...residentKb) : undefined;
}

/** V8's heap as prom-client's default metrics report it (GET /metrics answers loopback without a token). */
async function heapFromMetrics(
  baseUrl: string,
): Promise<Pick<MemoryBreakdown, 'heapUsedBytes' | 'heapTotalBytes'>> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const text = await response.text();
  const gauge = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1]);
  return {
    heapUsedBytes: gauge('nodejs_heap_size_used_bytes'),
    heapTotalBytes: gauge('nodejs_heap_size_total_bytes'),
  };
}

/**
 * A request as a browser's user would make it again: a node sheds load with
 * 503 while its event loop is saturated (start-up is such a moment), so a 503
 * is retried after a pause and counted.
 */
async function fetchPatiently(
  url: string,
  init: RequestInit,
  shed: { count: number },
): Promise<Response> {
  const deadline = Date.now() + HEALTHY_TIMEOUT_MS;
  for (;;) {
    const response = await fetch(url, init);
    if (response.status !== 503 || Date.now() > deadline) return response;
    shed.count += 1;
    await response.arrayBuffer();
    await sleep(SHED_RETRY_MS);
  }
}

/** What a first visitor does: the home page, a guest session, one song search. Returns how many 503s it met. */
async function useApp(baseUrl: string): Promise<number> {
  const shed = { count: 0 };
  const home = await fetchPatiently(`${baseUrl}/`, {}, shed);
  if (!home.ok || !home.headers.get('content-type')?.includes('text/html')) {
    throw new Error(`GET / answered ${home.status} ${home.headers.get('content-type') ?? ''}`);
  }
  await home.text();
  const login = await fetchPatiently(
    `${baseUrl}/api/v1/login-as-guest`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    shed,
  );
  if (!login.ok) throw new Error(`guest login answered ${login.status}`);
  const { data } = z.object({ data: loginData }).parse(await login.json());
  const search = await fetchPatiently(
    `${baseUrl}/api/v1/get-search-song-list?q=love&limit=10`,
    { headers: { authorization: `Bearer ${data.access_token}` } },
    shed,
  );
  if (!search.ok) throw new Error(`song search answered ${search.status}`);
  await search.json();
  return shed.count;
}

async function measureStart(dataDir: string, idleSeconds: number): Promise<StartMeasure> {
  const port = await freeLoopbackPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const { child, output } = startApp(dataDir, port);
  try {
    await waitHealthy(baseUrl, child);
    const healthySeconds = (performance.now() - started) / 1000;
    const shedAfterStart = await useApp(baseUrl);
    await sleep(idleSeconds * 1000);
    if (child.pid === undefined) throw new Error('npm start has no pid');
    const tree = processTree(child.pid);
    const server = serverProcess(tree);
    const heap = await heapFromMetrics(baseUrl);
    const memory = { rssKb: server.rssKb, wasmKb: wasmMemoryKb(server.pid), ...heap };
    return { healthySeconds, shedAfterStart, tree, server, memory };
  } catch (error) {
    console.error(`npm start's last output:\n${output()}`);
    throw error;
  } finally {
    await stopApp(child);
  }
}

const mb = (kb: number) => round2(kb / 1024);

/** A process's command, short enough for a table cell. */
function shortCommand(command: string): string {
  const words = command
    .split(' ')
    .map((word) => (word.includes('/') ? path.basename(word) : word))
    .join(' ');
  return words.length > 60 ? `${words.slice(0, 57)}…` : words;
}

/** Issue 12's laptop targets: the start a DJ makes every time, and memory once idle after either start. */
function targetsOf(first: StartMeasure, restart: StartMeasure): Target[] {
  const idleRss = (label: string, measure: StartMeasure): Target => ({
    figure: `idle RSS, ${label}: the server process`,
    value: mb(measure.memory.rssKb),
    unit: 'MB',
    limit: 'max',
    target: TARGET_IDLE_RSS_MB,
  });
  return [
    {
      figure: 'start to healthy (web build current), restart: same DATA_DIR',
      value: round2(restart.healthySeconds),
      unit: 's',
      limit: 'max',
      target: TARGET_START_SECONDS,
    },
    idleRss('restart', restart),
    idleRss('first run', first),
  ];
}

function memoryRows(label: string, measure: StartMeasure): Row[] {
  const { memory, tree } = measure;
  const wasm = memory.wasmKb === undefined ? '?' : `${mb(memory.wasmKb)} MB`;
  const heap = `${round2(memory.heapUsedBytes / 1024 ** 2)} MB used of ${round2(memory.heapTotalBytes / 1024 ** 2)} MB`;
  const treeKb = tree.reduce((sum, info) => sum + info.rssKb, 0);
  return [
    [`idle RSS, ${label}: the server process`, `${mb(memory.rssKb)} MB`],
    [`— of which PGlite's WASM memory (resident)`, wasm],
    [`— of which the V8 heap (committed)`, heap],
    [`— the whole npm start tree (${tree.length} processes)`, `${mb(treeKb)} MB`],
  ];
}

/** One row per process, indented by its depth under `npm start`. */
function treeTable(label: string, measure: StartMeasure): string {
  const rows: Row[] = measure.tree.map((info) => [
    `${'↳ '.repeat(info.depth)}${shortCommand(info.command)}${info === measure.server ? ' (the server)' : ''}`,
    mb(info.rssKb),
  ]);
  return table(rows, [`npm start's processes, ${label}`, 'RSS (MB)']);
}

export function render(
  first: StartMeasure,
  restart: StartMeasure,
  mode: string,
  loadAverage: number[],
): string {
  const rows: Row[] = [
    [
      'start to healthy (web build current), first run: new DATA_DIR, creates the database',
      `${round2(first.healthySeconds)} s (once per data folder)`,
    ],
    [
      'first requests answered 503 (shed) once healthy, restart / first run',
      `${restart.shedAfterStart} / ${first.shedAfterStart}`,
    ],
    ...memoryRows('restart', restart),
    ...memoryRows('first run', first),
  ];
  return [
    machine(mode, loadAverage),
    table(targetRows(targetsOf(first, restart)), ['figure', 'value · target · verdict']),
    table(rows),
    treeTable('restart', restart),
    treeTable('first run', first),
  ].join('\n\n');
}

export async function runLaptop(options: Options): Promise<void> {
  stopAppsOnExit();
  const loadAverage = os.loadavg();
  bringBuildsUpToDate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'floorfill-laptop-'));
  try {
    const first = await measureStart(dataDir, options.idleSeconds);
    const restart = await measureStart(dataDir, options.idleSeconds);
    await publish(
      `Laptop: npm start, embedded default, idle ${options.idleSeconds} s`,
      render(first, restart, 'pglite + in-memory adapter (npm start)', loadAverage),
      options.record,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runWhenInvoked(import.meta.filename, async () => {
  await runLaptop(parseOptions(process.argv.slice(2)));
  return true;
});
