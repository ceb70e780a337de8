import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  backoffDelay,
  JOB_ATTEMPTS,
  type EnqueueOptions,
  type JobContext,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
  type RecurringJob,
} from './queue.ts';

interface MemoryJob {
  id: string;
  name: JobName;
  payload: JobPayloads[JobName];
  attempt: number;
  requestId: string | undefined;
}

/**
 * The embedded default's queue: jobs run in this process, one at a time per
 * enqueue, retried with the same exponential backoff as the BullMQ queue.
 * Jobs do not survive a restart; production uses BullMQ. Recurring jobs are
 * enqueued by an unref'd interval, so they never keep the process alive.
 */
export class MemoryJobQueue implements JobQueue {
  readonly kind = 'memory' as const;
  private handlers: JobHandlers | undefined;
  private readonly waiting: MemoryJob[] = [];
  private readonly seenIds = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly schedules: NodeJS.Timeout[] = [];
  private running = 0;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly logger: FastifyBaseLogger,
    private readonly recurring: readonly RecurringJob[] = [],
  ) {}

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<void> {
    if (this.closed) throw new Error('queue is closed');
    if (options.jobId) {
      if (this.seenIds.has(options.jobId)) return;
      this.seenIds.add(options.jobId);
    }
    this.waiting.push({
      id: options.jobId ?? randomUUID(),
      name,
      payload,
      attempt: 1,
      requestId: options.requestId,
    });
    this.pump();
  }

  async startWorker(handlers: JobHandlers): Promise<void> {
    this.handlers = handlers;
    this.pump();
    if (this.schedules.length === 0) this.startSchedules();
  }

  async pendingCount(): Promise<number> {
    return this.waiting.length + this.running + this.timers.size;
  }

  async idle(): Promise<void> {
    if ((await this.pendingCount()) === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops waiting jobs and pending retries (they never survive a restart here) and lets running ones finish. */
  async close(): Promise<void> {
    this.closed = true;
    for (const schedule of this.schedules) clearInterval(schedule);
    this.schedules.length = 0;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    this.notifyIdle();
    await this.idle();
  }

  private startSchedules(): void {
    for (const job of this.recurring) {
      const schedule = setInterval(() => {
        this.enqueue(job.name, job.payload).catch((error: unknown) =>
          this.logger.warn({ err: error, job: job.name }, 'recurring job not enqueued'),
        );
      }, job.everyMs);
      schedule.unref();
      this.schedules.push(schedule);
    }
  }

  private pump(): void {
    if (!this.handlers) return;
    while (this.waiting.length > 0) {
      const job = this.waiting.shift();
      if (job) void this.run(job);
    }
  }

  private async run(job: MemoryJob): Promise<void> {
    // Each job's payload matches its name (enqueue is typed by name); TypeScript cannot follow that through the union.
    const handler = this.handlers?.[job.name] as
      ((payload: JobPayloads[JobName], context: JobContext) => Promise<void>) | undefined;
    if (!handler) return;
    this.running += 1;
    try {
      await handler(job.payload, { jobId: job.id, attempt: job.attempt, requestId: job.requestId });
    } catch (error) {
      this.retryOrDrop(job, error);
    } finally {
      this.running -= 1;
      this.notifyIdle();
    }
  }

  private retryOrDrop(job: MemoryJob, error: unknown): void {
    const log = {
      err: error,
      job: job.name,
      jobId: job.id,
      attempt: job.attempt,
      reqId: job.requestId,
    };
    if (job.attempt >= JOB_ATTEMPTS || this.closed) {
      this.logger.error(log, 'job failed for good');
      return;
    }
    this.logger.warn(log, 'job failed, retrying');
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting.push({ ...job, attempt: job.attempt + 1 });
      this.pump();
    }, backoffDelay(job.attempt));
    this.timers.add(timer);
  }

  private notifyIdle(): void {
    if (this.waiting.length + this.running + this.timers.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
