import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { spawnOwned, type OwnedProcess } from './owned-process.ts';

/**
 * Building blocks of the fault tests: free ports, scratch Postgres databases
 * cloned from the run's template, real server processes, and a Redis server
 * of the test's own (never the machine's shared one) that can be killed and
 * started again on the same port.
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The fault tests are slow and spawn processes: they run only under `npm run test:faults`. */
export const FAULTS_ENABLED = process.env.FLOORFILL_FAULTS === '1';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers true (or throws after `timeoutMs`). */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not yet.
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own on the server of `serverUrl`, named after it and `label`: a copy of `template`, or empty. */
async function scratchDatabase(
  serverUrl: string,
  label: string,
  template: string | undefined,
): Promise<ScratchDatabase> {
  const base = new URL(serverUrl).pathname.slice(1) || 'floorfill';
  const name = `${base}_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(`drop database if exists "${name}" with (force)`),
  };
}

/** A database cloned from the migrated template (the run's DATABASE_URL); `label` names its users. */
export function cloneTemplateDatabase(
  templateUrl: string,
  label = 'fault',
): Promise<ScratchDatabase> {
  return scratchDatabase(templateUrl, label, new URL(templateUrl).pathname.slice(1));
}

/** An empty database (no schema) on the server of `serverUrl`, for a test that migrates it itself. */
export function emptyDatabase(serverUrl: string, label: string): Promise<ScratchDatabase> {
  return scratchDatabase(serverUrl, label, undefined);
}

/** How a server entry runs: TypeScript from source through tsx (as in development), built JavaScript as in production. */
function nodeArguments(entry: string): string[] {
  return entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry];
}

export interface ServerProcess extends OwnedProcess {
  baseUrl: string;
  port: number;
}

/**
 * A server entry (`server/src/main.ts`, `server/dist/worker.js`, …) from the
 * repository root with exactly `env` (plus PATH): nothing leaks in from the
 * test runner's environment. Listens on HOST=127.0.0.1 and a free PORT unless
 * `env` says otherwise. Does not wait for it to serve.
 */
export async function spawnServerProcess(
  entry: string,
  env: Record<string, string | undefined>,
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const owned = spawnOwned(process.execPath, nodeArguments(entry), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  return Object.assign(owned, { baseUrl: `http://127.0.0.1:${port}`, port });
}

/** Resolves once `url` on the process answers 200; fails with what it printed if it ends first or never does. */
export async function waitUntilServing(
  server: ServerProcess,
  url = '/healthz',
  timeoutMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !server.hasExited()) {
    try {
      if ((await fetch(`${server.baseUrl}${url}`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${server.baseUrl}${url} did not answer 200:\n${server.output()}`);
}

export interface ServerNode extends ServerProcess {
  name: string;
}

/**
 * A real server process as in production behind a load balancer, started
 * and healthy: `server/src/main.ts` unless `entry` says otherwise, on a free
 * port unless `env.PORT` names one (a node restarted in place).
 */
export async function startServerNode(
  name: string,
  env: Record<string, string | undefined>,
  entry = 'server/src/main.ts',
): Promise<ServerNode> {
  const server = await spawnServerProcess(entry, {
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const node = Object.assign(server, { name });
  try {
    await waitUntilServing(node);
  } catch (error) {
    await node.stop('SIGKILL');
    throw new Error(`${name} did not become healthy`, { cause: error });
  }
  return node;
}

export async function stopServerNode(node: ServerNode, signal: NodeJS.Signals = 'SIGTERM') {
  await node.stop(signal);
}

export interface OwnRedis {
  url: string;
  port: number;
  /** Starts it unless it is running. */
  start(): Promise<void>;
  /** SIGKILL: no goodbye to the clients, as a crashed or restarted Redis. */
  kill(): Promise<void>;
}

/** A throwaway `redis-server` on a free loopback port, without persistence. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let server: OwnedProcess | undefined;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.write('PING\r\n');
    });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      // A second redis-server on the same port would fail to bind and exit, and the
      // handle would then point at it: the first one was never stopped (every run left one).
      if (server && !server.hasExited()) return;
      server = spawnOwned('redis-server', [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ]);
      const started = server;
      await waitFor(
        `redis-server on ${port}`,
        async () => started.hasExited() || (await ping()),
        10_000,
      );
      if (started.hasExited()) {
        throw new Error(`redis-server on ${port} exited:\n${started.output()}`);
      }
    },
    async kill() {
      const current = server;
      server = undefined;
      await current?.stop('SIGKILL');
    },
  };
}
