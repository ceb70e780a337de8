import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { cloneTemplateDatabase, freePort, REPO_ROOT } from '../helpers/fault-cluster.ts';

export { freePort, REPO_ROOT };

/**
 * Real server processes for operations tests: `node --import tsx <entry>`
 * from the repository root, as the container runs it, on a loopback port,
 * with every line it prints kept.
 */

const START_TIMEOUT_MS = 60_000;
/** Tests that spawn processes: a cap on waiting for a slow, busy machine, not a measure of speed. */
export const PROCESS_TEST_TIMEOUT_MS = 120_000;

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** stdout and stderr as printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Fresh secrets of the shapes production asks for. */
export function productionSecrets(): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
}

/**
 * Start `entry` with exactly `env` (plus PATH): nothing leaks in from the
 * test runner's environment. Listens on HOST=127.0.0.1 and a free PORT
 * unless `env` says otherwise.
 */
export async function spawnServer(
  env: Record<string, string | undefined>,
  entry = 'server/src/main.ts',
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { baseUrl: `http://127.0.0.1:${port}`, child, output: () => chunks.join(''), exited };
}

/** Wait until the process answers 200 on `url` (or fail with what it printed). */
export async function waitUntilServing(server: ServerProcess, url = '/readyz'): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      const res = await fetch(`${server.baseUrl}${url}`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start serving ${url}:\n${server.output()}`);
}

/** SIGTERM, then SIGKILL if it is still there after `ms` (cleanup only; tests assert on `exited`). */
export async function stopServer(server: ServerProcess, ms = 30_000): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await server.exited;
  clearTimeout(timer);
}

export interface ProcessDatabase {
  /** Env for the process: DATABASE_URL on Postgres, nothing on PGlite (it opens DATA_DIR). */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A migrated database for one spawned process: on Postgres a clone of the
 * run's template; on PGlite the run's snapshot unpacked into
 * `${dataDir}/pglite`, where the server opens it (saves a cold start).
 */
export async function processDatabase(dataDir: string): Promise<ProcessDatabase> {
  const templateUrl = inject('templateDatabaseUrl');
  if (!templateUrl) {
    const snapshotPath = inject('pgliteSnapshotPath');
    if (!snapshotPath) throw new Error('global setup provided no database');
    const pgliteDir = path.join(dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    const pglite = await PGlite.create({
      dataDir: pgliteDir,
      loadDataDir: new Blob([readFileSync(snapshotPath)]),
    });
    await pglite.close();
    return { env: {}, drop: async () => undefined };
  }
  const clone = await cloneTemplateDatabase(templateUrl, 'ops');
  return { env: { DATABASE_URL: clone.url }, drop: clone.drop };
}
