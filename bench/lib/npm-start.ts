/**
 * `npm start` as a person runs it (the embedded default: PGlite under a
 * DATA_DIR, in-process jobs, no DATABASE_URL or REDIS_URL), for the benches
 * that measure the app a DJ runs (laptop.ts, lighthouse.ts). Each start is a
 * process group of its own on a loopback port, stopped with everything in it
 * whether or not the run succeeded, also when the bench itself ends early.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const HEALTHY_TIMEOUT_MS = 180_000;
const POLL_MS = 50;
const STOP_TIMEOUT_MS = 20_000;
/** The tail of a start's output kept for the error message when it fails. */
const OUTPUT_TAIL_CHARS = 8_000;

/** Process groups this run started and has not yet seen end. */
const liveGroups = new Set<number>();

/** Whatever ends the bench (an error, Ctrl-C), the servers it started end with it. */
export function stopAppsOnExit(): void {
  process.on('exit', () => {
    for (const group of liveGroups) killGroup(group, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(130));
  }
}

function killGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // The group has already ended.
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

export function freeLoopbackPort(): Promise<number> {
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

/** The builds `npm start` makes, made now so that the timed starts find them current. */
export function bringBuildsUpToDate(): void {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-if-stale.ts')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the builds npm start needs failed');
}

export function startApp(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): { child: ChildProcess; output: () => string } {
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    // The embedded default whatever the bench's own environment says (an empty value is unset).
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      REDIS_URL: '',
      METRICS_TOKEN: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) liveGroups.add(child.pid);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

export async function stopApp(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (group === undefined) return;
  killGroup(group, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  // npm exits before the server has closed PGlite: wait for the whole group, not npm.
  while (groupAlive(group) && Date.now() < deadline) await sleep(POLL_MS);
  if (groupAlive(group)) killGroup(group, 'SIGKILL');
  liveGroups.delete(group);
}

export async function waitHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTHY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const status = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(POLL_MS);
  }
  throw new Error(`not healthy within ${HEALTHY_TIMEOUT_MS / 1000} s`);
}
