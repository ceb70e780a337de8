import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_BASE_MS,
  type EnqueueOptions,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from './queue.ts';

const QUEUE_NAME = 'jobs';

interface JobData {
  payload: JobPayloads[JobName];
  requestId?: string;
}

/** Production queue: jobs persist in Redis and any node or `npm run worker` processes them. */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue<JobData, void, JobName>;
  private worker: Worker<JobData, void, JobName> | undefined;

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.queue = new Queue<JobData, void, JobName>(QUEUE_NAME, {
      connection: connection as ConnectionOptions,
      prefix,
      defaultJobOptions: {
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: JOB_BACKOFF_BASE_MS },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    });
    this.queue.on('error', (error) => logger.warn({ err: error }, 'queue error'));
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
    // A worker needs its own blocking connection.
    this.worker = new Worker<JobData, void, JobName>(
      QUEUE_NAME,
      async (job) => {
        const handler = handlers[job.name] as (
          payload: JobPayloads[JobName],
          context: { jobId: string; attempt: number; requestId: string | undefined },
        ) => Promise<void>;
        await handler(job.data.payload, {
          jobId: job.id ?? '',
          attempt: job.attemptsMade + 1,
          requestId: job.data.requestId,
        });
      },
      {
        connection: this.connection.duplicate() as ConnectionOptions,
        prefix: this.prefix,
        concurrency: 10,
      },
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'worker error'));
    this.worker.on('failed', (job, error) =>
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
    await this.worker.waitUntilReady();
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
    // Let the running job finish, then stop taking new ones.
    await this.worker?.close();
    await this.queue.close();
  }
}
