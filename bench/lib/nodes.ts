/**
 * Server nodes for the benchmarks: each a process of its own
 * (bench/server-node.ts), so two nodes talk only through Postgres and Redis
 * as in production, and the load generator in the bench's own process never
 * shares an event loop with what it measures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { RawEnv } from '../../server/src/config.ts';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

export interface NodeStats {
  /** CPU time the process has used so far (user + system). */
  cpuMs: number;
  /** After a full GC. */
  heapUsedBytes: number;
  externalBytes: number;
  rssBytes: number;
  sockets: number;
  /** Since the last reset, in ms. */
  loopDelayMs: LoopDelay;
  /**
   * Room-wide fan-out slices since the last reset: how many, and the bucket
   * bound (ms of CPU, of `socketio_fanout_slice_cpu_seconds`) under which
   * 99 % and all of them came (null: over the last bucket).
   */
  fanOutSlices: { count: number; p99WithinMs: number | null; allWithinMs: number | null };
}

export type NodeRequest =
  | { id: number; type: 'stats'; gc: boolean }
  | { id: number; type: 'reset-loop-delay' }
  | { id: number; type: 'close' };

export type NodeReply =
  | { id: number; type: 'ready'; url: string }
  | { id: number; type: 'stats'; stats: NodeStats }
  | { id: number; type: 'done' };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface ServerNode {
  readonly url: string;
  /** With `gc` (the default) after a full GC; without, cheap enough to ask while measuring. */
  stats(options?: { gc: boolean }): Promise<NodeStats>;
  resetLoopDelay(): Promise<void>;
  close(): Promise<void>;
}

const ENTRY = path.join(import.meta.dirname, '..', 'server-node.ts');
const START_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 15_000;

/**
 * With BENCH_CPU_PROF=<folder> the app nodes write a V8 CPU profile there when
 * they stop (`npx tsx bench/cpu-profile.ts <file>` summarises one).
 */
function profileArgs(kind: 'app' | 'bare'): string[] {
  const folder = process.env.BENCH_CPU_PROF;
  return folder && kind === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${folder}`] : [];
}

export function startNode(env: RawEnv, kind: 'app' | 'bare' = 'app'): Promise<ServerNode> {
  const child: ChildProcess = fork(ENTRY, [], {
    env: { ...process.env, ...env, BENCH_NODE_KIND: kind },
    execArgv: ['--import', 'tsx', '--expose-gc', ...profileArgs(kind)],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, (reply: NodeReply) => void>();

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`a ${kind} node did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a ${kind} node exited with ${code} before it was ready`));
    });
    child.on('message', (reply: NodeReply) => {
      if (reply.type === 'ready') {
        clearTimeout(timer);
        resolve(node(reply.url));
        return;
      }
      pending.get(reply.id)?.(reply);
      pending.delete(reply.id);
    });
  });

  function ask(request: DistributiveOmit<NodeRequest, 'id'>): Promise<NodeReply> {
    const id = nextId;
    nextId += 1;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      child.send({ ...request, id } satisfies NodeRequest);
    });
  }

  function node(url: string): ServerNode {
    return {
      url,
      async stats(options = { gc: true }) {
        const reply = await ask({ type: 'stats', gc: options.gc });
        if (reply.type !== 'stats') throw new Error(`unexpected reply ${reply.type}`);
        return reply.stats;
      },
      async resetLoopDelay() {
        await ask({ type: 'reset-loop-delay' });
      },
      async close() {
        if (child.exitCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
        child.send({ id: 0, type: 'close' } satisfies NodeRequest);
        await exited;
        clearTimeout(timer);
      },
    };
  }
}

/** Starts `count` app nodes side by side (they share the scratch database and Redis). */
export async function startNodes(env: RawEnv, count: number): Promise<ServerNode[]> {
  return Promise.all(Array.from({ length: count }, () => startNode(env)));
}
