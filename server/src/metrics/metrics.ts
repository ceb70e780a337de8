import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue } from '../infra/queue.ts';

/**
 * Prometheus metrics of one process (`GET /metrics`). Each app context owns
 * its own registry, so tests that build many apps in one process never
 * collide on the global default registry. Gauges that mirror something else
 * (queue depth, sockets, the pg pool) read it at scrape time.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly socketEmits: Counter<'event'>;
  readonly jobsCompleted: Counter<'job'>;
  readonly jobsFailed: Counter<'job' | 'final'>;
  /** Requests this node turned away with 503 because it was overloaded, by reason. */
  readonly overloadShed: Counter<'reason'>;
  /**
   * Room subscriptions that named the seq their snapshot holds, by how they
   * caught up: `delta` (the changes since, from the push log) or `snapshot`
   * (the log no longer held every write since: the client fetches it all).
   */
  readonly roomResyncs: Counter<'via'>;
  /** CPU time of each write of a room-wide push to a slice of a room's sockets (the loop is held that long). */
  readonly fanOutSlice: Histogram;
  /** Connect the socket gauges to this process's Socket.IO server. */
  observeSockets(source: SocketSource): void;
}

/** What the socket gauges read: local sockets and local event rooms of this node. */
export interface SocketSource {
  connectedSockets(): number;
  eventRooms(): number;
}

export interface MetricsSources {
  queue: JobQueue;
  /** The pg pool on real Postgres; PGlite has a single in-process connection and no pool gauges. */
  pool: pg.Pool | undefined;
}

/** How long a scrape waits for the queue depth (BullMQ asks Redis) before leaving the gauge out. */
const QUEUE_DEPTH_TIMEOUT_MS = 1000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  let sockets: SocketSource | undefined;
  new Gauge({
    name: 'socketio_connected_sockets',
    help: 'Socket.IO clients connected to this node.',
    registers: [registry],
    collect() {
      this.set(sockets?.connectedSockets() ?? 0);
    },
  });
  new Gauge({
    name: 'socketio_rooms',
    help: 'Event rooms with at least one socket on this node.',
    registers: [registry],
    collect() {
      this.set(sockets?.eventRooms() ?? 0);
    },
  });
  const socketEmits = new Counter({
    name: 'socketio_emits_total',
    help: 'Pushes emitted by this node, by event name.',
    labelNames: ['event'] as const,
    registers: [registry],
  });

  const { queue, pool } = sources;
  new Gauge({
    name: 'jobs_waiting',
    help: 'Background jobs waiting, delayed or running (the whole queue: every node reports the same BullMQ queue).',
    registers: [registry],
    async collect() {
      try {
        this.set(await withTimeout(queue.pendingCount(), QUEUE_DEPTH_TIMEOUT_MS));
      } catch {
        // Redis unreachable: leave the gauge out rather than report a stale depth.
        this.reset();
      }
    },
  });
  const jobsCompleted = new Counter({
    name: 'jobs_completed_total',
    help: 'Background job runs that succeeded in this process, by job name.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobsFailed = new Counter({
    name: 'jobs_failed_total',
    help: 'Background job runs that threw in this process, by job name; final="true" when no retry is left.',
    labelNames: ['job', 'final'] as const,
    registers: [registry],
  });

  const overloadShed = new Counter({
    name: 'overload_shed_total',
    help: 'Requests this node answered 503 busy because it had more work than it could serve, by reason.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  const roomResyncs = new Counter({
    name: 'socketio_room_resyncs_total',
    help: 'Reconnecting clients that caught up on an event, via a delta from the push log or a full snapshot.',
    labelNames: ['via'] as const,
    registers: [registry],
  });

  const fanOutSlice = new Histogram({
    name: 'socketio_fanout_slice_cpu_seconds',
    help: 'CPU time of writing one room-wide push to one slice of a room’s sockets, the event loop held meanwhile.',
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25],
    registers: [registry],
  });

  if (pool) registerPoolGauges(registry, pool);

  return {
    registry,
    httpRequestDuration,
    socketEmits,
    jobsCompleted,
    jobsFailed,
    overloadShed,
    roomResyncs,
    fanOutSlice,
    observeSockets(source) {
      sockets = source;
    },
  };
}

function registerPoolGauges(registry: Registry, pool: pg.Pool): void {
  const gauges: Array<[string, string, () => number]> = [
    ['pg_pool_total', 'Connections open in the pg pool.', () => pool.totalCount],
    ['pg_pool_idle', 'Open pg pool connections not checked out.', () => pool.idleCount],
    ['pg_pool_waiting', 'Queries waiting for a pg pool connection.', () => pool.waitingCount],
  ];
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  }
}
