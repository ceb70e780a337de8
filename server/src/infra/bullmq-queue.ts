import { Queue, Worker, type ConnectionOptions, type DefaultJobOptions, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { quitRedis } from './redis.ts';
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_BASE_MS,
  type EnqueueOptions,
  type JobContext,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
  type RecurringJob,
} from './queue.ts';

const QUEUE_NAME = 'jobs';
/**
 * Recurring jobs have a queue of their own: a job scheduler always keeps its
 * next job delayed, which would keep `pendingCount` (and `idle`) of the
 * main queue from ever reaching zero.
 */
const RECURRING_QUEUE_NAME = 'recurring';

const JOB_OPTIONS: DefaultJobOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: 'exponential', delay: JOB_BACKOFF_BASE_MS },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

interface JobData {
  payload: JobPayloads[JobName];
  requestId?: string;
}

type BullJob = Job<JobData, void, JobName>;

/** Production queue: jobs persist in Redis and any node or `npm run worker` processes them. */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue<JobData, void, JobName>;
  private recurringQueue: Queue<JobData, void, JobName> | undefined;
  private readonly workers: Array<Worker<JobData, void, JobName>> = [];
  /** The workers' own connections: BullMQ counts a connection it is handed as shared and never closes it. */
  private readonly workerConnections: Redis[] = [];

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly logger: FastifyBaseLogger,
    private readonly recurring: readonly RecurringJob[] = [],
  ) {
    this.queue = this.openQueue(QUEUE_NAME);
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<void> {
    const data: JobData = { payload };
    if (options.requestId) data.requestId = options.requestId;
    await this.queue.add(name, data, options.jobId ? { jobId: options.jobId } : {});
  }

  async startWorker(handlers: JobHandlers): Promise<void> {
    const processor = async (job: BullJob) => {
      const handler = handlers[job.name] as (
        payload: JobPayloads[JobName],
        context: JobContext,
      ) => Promise<void>;
      await handler(job.data.payload, {
        jobId: job.id ?? '',
        attempt: job.attemptsMade + 1,
        requestId: job.data.requestId,
      });
    };
    await this.startWorkerOn(QUEUE_NAME, processor, 10);
    if (this.recurring.length > 0 && !this.recurringQueue) {
      this.recurringQueue = this.openQueue(RECURRING_QUEUE_NAME);
      await this.scheduleRecurring(this.recurringQueue);
      await this.startWorkerOn(RECURRING_QUEUE_NAME, processor, 1);
    }
  }

  async pendingCount(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  async idle(): Promise<void> {
    while ((await this.pendingCount()) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    // Let the running jobs finish, then stop taking new ones. Schedules stay in Redis for the next worker.
    await Promise.all(this.workers.map((worker) => worker.close()));
    await this.recurringQueue?.close();
    await this.queue.close();
    await Promise.all(this.workerConnections.map(quitRedis));
  }

  private openQueue(name: string): Queue<JobData, void, JobName> {
    const queue = new Queue<JobData, void, JobName>(name, {
      connection: this.connection as ConnectionOptions,
      prefix: this.prefix,
      defaultJobOptions: JOB_OPTIONS,
    });
    queue.on('error', (error) => this.logger.warn({ err: error, queue: name }, 'queue error'));
    return queue;
  }

  /**
   * One scheduler per job name, upserted by every worker that starts: the
   * same id keeps one schedule however many workers run, and an unchanged
   * interval keeps its cadence across restarts (BullMQ keeps the next run).
   */
  private async scheduleRecurring(queue: Queue<JobData, void, JobName>): Promise<void> {
    for (const job of this.recurring) {
      await queue.upsertJobScheduler(
        job.name,
        { every: job.everyMs, startDate: Date.now() + job.everyMs },
        { name: job.name, data: { payload: job.payload }, opts: JOB_OPTIONS },
      );
    }
  }

  private async startWorkerOn(
    queueName: string,
    processor: (job: BullJob) => Promise<void>,
    concurrency: number,
  ): Promise<void> {
    // A worker needs a connection of its own (BullMQ opens its blocking one beside it).
    const connection = this.connection.duplicate({
      connectionName: `floorfill:worker:${this.prefix}`,
    });
    this.workerConnections.push(connection);
    const worker = new Worker<JobData, void, JobName>(queueName, processor, {
      connection: connection as ConnectionOptions,
      prefix: this.prefix,
      concurrency,
    });
    worker.on('error', (error) => this.logger.warn({ err: error }, 'worker error'));
    worker.on('failed', (job, error) =>
      this.logger.warn(
        {
          err: error,
          job: job?.name,
          jobId: job?.id,
          attempt: job?.attemptsMade,
          reqId: job?.data.requestId,
        },
        'job failed',
      ),
    );
    this.workers.push(worker);
    await worker.waitUntilReady();
  }
}
