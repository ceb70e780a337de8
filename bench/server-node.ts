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
  close: () => Promise<void>;
}> {
  if (kind === 'bare') {
    const app = Fastify();
    // The same envelope the API answers with, so serialisation costs alike.
    app.get('/bare', async () => ({ status: true, msg: '', data: { ok: true } }));
    return { app, sockets: () => 0, close: () => app.close() };
  }
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  const ctx = await createAppContext(config, logger, { skipMigrations: true });
  const app = await buildApp(ctx, logger);
  return {
    app,
    sockets: () => app.realtime.io.of('/').sockets.size,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;

function stats(sockets: number, collect: boolean): NodeStats {
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
    case 'stats':
      return reply({ id: message.id, type: 'stats', stats: stats(node.sockets(), message.gc) });
    case 'reset-loop-delay':
      loopDelay.reset();
      return reply({ id: message.id, type: 'done' });
    case 'close':
      // The parent waits for the exit itself.
      void node.close().then(() => process.exit(0));
  }
});
process.send?.({ id: 0, type: 'ready', url } satisfies NodeReply);
