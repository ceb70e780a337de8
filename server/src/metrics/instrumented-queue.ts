import type { FastifyBaseLogger } from 'fastify';
import {
  JOB_ATTEMPTS,
  type EnqueueOptions,
  type JobContext,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from '../infra/queue.ts';
import type { Metrics } from './metrics.ts';

type AnyJobHandler = (payload: JobPayloads[JobName], job: JobContext) => Promise<void>;

/**
 * The job queue with every run counted (`jobs_completed_total`,
 * `jobs_failed_total`) and logged through a child logger that carries the job
 * and the id of the request that enqueued it (`reqId`), so one request can be
 * followed from the HTTP log into its jobs. Handlers get that logger as
 * `job.log`. Failures are logged by the queue itself (retry or give up).
 */
export class InstrumentedJobQueue implements JobQueue {
  constructor(
    private readonly inner: JobQueue,
    private readonly metrics: Metrics,
    private readonly logger: FastifyBaseLogger,
  ) {}

  get kind() {
    return this.inner.kind;
  }

  enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options?: EnqueueOptions,
  ): Promise<void> {
    return this.inner.enqueue(name, payload, options);
  }

  startWorker(handlers: JobHandlers): Promise<void> {
    const instrumented = {} as Record<JobName, AnyJobHandler>;
    for (const name of Object.keys(handlers) as JobName[]) {
      // Each handler takes its own job's payload; the record view lets one wrapper serve them all.
      instrumented[name] = this.instrument(name, handlers[name] as AnyJobHandler);
    }
    return this.inner.startWorker(instrumented as JobHandlers);
  }

  pendingCount(): Promise<number> {
    return this.inner.pendingCount();
  }

  idle(): Promise<void> {
    return this.inner.idle();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private instrument(name: JobName, handler: AnyJobHandler): AnyJobHandler {
    return async (payload, job) => {
      const log = this.logger.child({
        job: name,
        jobId: job.jobId,
        attempt: job.attempt,
        reqId: job.requestId,
      });
      const started = performance.now();
      try {
        await handler(payload, { ...job, log });
      } catch (error) {
        this.metrics.jobsFailed.inc({ job: name, final: String(job.attempt >= JOB_ATTEMPTS) });
        throw error;
      }
      this.metrics.jobsCompleted.inc({ job: name });
      log.info({ durationMs: Math.round(performance.now() - started) }, 'job completed');
    };
  }
}
