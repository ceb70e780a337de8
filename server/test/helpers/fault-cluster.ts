import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

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

/** A database cloned from the migrated template (the run's DATABASE_URL); `label` names its users. */
export async function cloneTemplateDatabase(
  templateUrl: string,
  label = 'fault',
): Promise<ScratchDatabase> {
  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = `${templateName}_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(templateUrl);
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
  await run(`create database "${name}" template "${templateName}"`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(`drop database if exists "${name}" with (force)`),
  };
}

export interface ServerNode {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  output: string[];
}

/** A real server process (`server/src/main.ts`), as in production behind a load balancer. */
export async function startServerNode(
  name: string,
  env: Record<string, string | undefined>,
): Promise<ServerNode> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: ServerNode = { name, baseUrl: `http://127.0.0.1:${port}`, child, output: [] };
  child.stdout?.on('data', (chunk: Buffer) => node.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => node.output.push(chunk.toString()));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${node.baseUrl}/healthz`)).ok) return node;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become healthy:\n${node.output.join('')}`);
}

export async function stopServerNode(node: ServerNode, signal: NodeJS.Signals = 'SIGTERM') {
  const { child } = node;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface OwnRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGKILL: no goodbye to the clients, as a crashed or restarted Redis. */
  kill(): Promise<void>;
}

/** A throwaway `redis-server` on a free loopback port, without persistence. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
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
      child = spawn(
        'redis-server',
        [
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
        ],
        { stdio: 'ignore' },
      );
      await waitFor(`redis-server on ${port}`, ping, 10_000);
    },
    async kill() {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.kill('SIGKILL');
      await exited;
    },
  };
}
