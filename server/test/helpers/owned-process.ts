import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import path from 'node:path';

/**
 * Every process a test starts is the test's to stop, also when the test fails
 * or the worker running it is killed. Each one is spawned detached, as the
 * leader of a process group of its own, so whatever it starts in turn (nginx's
 * workers, a benchmark's server nodes) goes with it: stopping it signals the
 * leader and then SIGKILLs the group. Three nets catch what a test leaves:
 * the leader's exit SIGKILLs its group (orphaned workers), the worker's exit
 * SIGKILLs every group still owned, and a reaper process (process-reaper.ts)
 * SIGKILLs them when the worker dies without running its exit handlers
 * (vitest's SIGTERM after a hook timed out, SIGKILL).
 */

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface OwnedProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** stdout and stderr as printed so far. */
  output(): string;
  /** Resolves once the process has ended. */
  readonly exited: Promise<ProcessExit>;
  hasExited(): boolean;
  /**
   * `signal` to the process, SIGKILL to its whole group if it is still there
   * after `graceMs`; resolves with how it ended. Harmless once it has ended.
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<ProcessExit>;
}

export interface OwnedSpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

const REAPER = path.join(import.meta.dirname, 'process-reaper.ts');
const DEFAULT_GRACE_MS = 10_000;

/** Process groups started here and not yet stopped. */
const owned = new Set<number>();
let reaper: ChildProcess | undefined;

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // The group is empty: nothing left to kill.
  }
}

function startReaper(): ChildProcess {
  // Plain node (type stripping): the reaper imports nothing and must start at once.
  const child = spawn(process.execPath, [REAPER], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the reaper nor the pipe to it keeps the worker alive.
  child.unref();
  if (child.stdin instanceof Socket) child.stdin.unref();
  // A reaper that is gone cannot be told; the exit handler below still kills.
  child.stdin?.on('error', () => undefined);
  process.once('exit', () => {
    for (const pgid of owned) killGroup(pgid);
  });
  return child;
}

function tellReaper(line: string): void {
  reaper ??= startReaper();
  reaper.stdin?.write(`${line}\n`);
}

function release(pgid: number): void {
  killGroup(pgid);
  if (!owned.delete(pgid)) return;
  tellReaper(`-${pgid}`);
}

/** Start `command` as the leader of a process group the test owns (see above). */
export function spawnOwned(
  command: string,
  args: string[],
  options: OwnedSpawnOptions = {},
): OwnedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  // A command that cannot start has no pid; its 'error' event follows and must not go unheard.
  child.once('error', () => undefined);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  owned.add(pid);
  tellReaper(`+${pid}`);
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  let ended = false;
  child.once('exit', () => {
    ended = true;
    // Whatever the leader started and left behind goes with it.
    release(pid);
  });
  // 'close' comes after 'exit' once stdout and stderr are drained: the output is complete.
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
  });

  return {
    child,
    pid,
    exited,
    output: () => chunks.join(''),
    hasExited: () => ended,
    async stop(signal = 'SIGTERM', graceMs = DEFAULT_GRACE_MS) {
      if (ended) return exited;
      child.kill(signal);
      const timer = setTimeout(() => killGroup(pid), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
