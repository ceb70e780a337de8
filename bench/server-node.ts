/**
 * One server node of a benchmark, in a process of its own, started by
 * bench/lib/nodes.ts with the run's environment. `BENCH_NODE_KIND=app` (the
 * default) is the real app, built exactly as `npm start` builds it (the
 * database is migrated by the bench beforehand); `bare` is a Fastify with one
 * JSON route and nothing else, the ceiling the REST benchmark divides by.
 *
 * The parent asks over IPC for what only the process itself can measure:
 * heap after a full GC (it runs with --expose-gc) and event-loop delay.
 */
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Histogram } from 'prom-client';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { createAppContext } from '../server/src/infra/context.ts';
import { createLogger } from '../server/src/infra/logger.ts';
import type { NodeReply, NodeRequest, NodeStats } from './lib/nodes.ts';

const kind = process.env.BENCH_NODE_KIND === 'bare' ? 'bare' : 'app';
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

async function start(): Promise<{
  app: FastifyInstance;
  sockets: () => number;
  slices: Histogram | undefined;
  close: () => Promise<void>;
}> {
  if (kind === 'bare') {
    const app = Fastify();
    // The same envelope the API answers with, so serialisation costs alike.
    app.get('/bare', async () => ({ status: true, msg: '', data: { ok: true } }));
    return { app, sockets: () => 0, slices: undefined, close: () => app.close() };
  }
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  const ctx = await createAppContext(config, logger, { skipMigrations: true });
  const app = await buildApp(ctx, logger);
  return {
    app,
    sockets: () => app.realtime.io.of('/').sockets.size,
    slices: ctx.metrics.fanOutSlice,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;

/** The fan-out slices' histogram as counts under each bucket bound. */
async function sliceStats(slices: Histogram | undefined): Promise<NodeStats['fanOutSlices']> {
  if (!slices) return { count: 0, p99WithinMs: 0, allWithinMs: 0 };
  const { values } = await slices.get();
  const buckets = values
    .filter((value) => value.metricName?.endsWith('_bucket'))
    .map((value) => ({
      le: value.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(value.labels.le),
      count: value.value,
    }));
  const count = buckets.find((bucket) => !Number.isFinite(bucket.le))?.count ?? 0;
  const within = (share: number) => {
    const bound = (buckets.find((bucket) => bucket.count >= count * share)?.le ?? 0) * 1000;
    return Number.isFinite(bound) ? bound : null;
  };
  return {
    count,
    p99WithinMs: count > 0 ? within(0.99) : 0,
    allWithinMs: count > 0 ? within(1) : 0,
  };
}

function stats(sockets: number, collect: boolean): Omit<NodeStats, 'fanOutSlices'> {
  // Read before the GC below, whose pause would otherwise count as delay.
  const loopDelayMs = {
    p50: ms(loopDelay.percentile(50)),
    p99: ms(loopDelay.percentile(99)),
    max: ms(loopDelay.max),
    mean: ms(loopDelay.mean),
  };
  if (collect) {
    // Twice: the first pass queues finalizers, the second collects what they freed.
    globalThis.gc?.();
    globalThis.gc?.();
    const folder = process.env.BENCH_HEAP_SNAPSHOT;
    if (folder)
      writeHeapSnapshot(path.join(folder, `${process.pid}-${sockets}-sockets.heapsnapshot`));
  }
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    heapUsedBytes: memory.heapUsed,
    externalBytes: memory.external,
    rssBytes: memory.rss,
    sockets,
    loopDelayMs,
  };
}

const node = await start();
const url = await node.app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message: NodeRequest) => {
  const reply = (answer: NodeReply) => process.send?.(answer);
  switch (message.type) {
    case 'stats': {
      const measured = stats(node.sockets(), message.gc);
      void sliceStats(node.slices).then((fanOutSlices) =>
        reply({ id: message.id, type: 'stats', stats: { ...measured, fanOutSlices } }),
      );
      return;
    }
    case 'reset-loop-delay':
      loopDelay.reset();
      node.slices?.reset();
      return reply({ id: message.id, type: 'done' });
    case 'close':
      // The parent waits for the exit itself.
      void node.close().then(() => process.exit(0));
  }
});
process.send?.({ id: 0, type: 'ready', url } satisfies NodeReply);
