import type { FastifyBaseLogger } from 'fastify';
import type { BoostPaymentEvent } from '../boosts/boost-payment-events.ts';
import type { PaymentEvent } from '../payments/payment-events.ts';
import type { PushNoticeJob } from '../push/push-notices.ts';
import type { MailMessage } from './mail.ts';

/**
 * Background jobs behind one interface: BullMQ on Redis when REDIS_URL is set,
 * an in-process queue with the same retry semantics otherwise. Later features
 * add their job names to JobPayloads.
 */
export interface JobPayloads {
  'mail:send': MailMessage;
  /** A verified Stripe webhook (or a demo checkout) event; the job id is the event id. */
  'stripe:event': PaymentEvent;
  /** A saved card the member replaced, to detach from their Stripe Customer; the job id names it. */
  'stripe:detach-card': { paymentMethodId: string };
  /** Web Push notices of one queue change to a song's requesters (push/push-notices.ts). */
  'push:notify': PushNoticeJob;
  /** A verified Stripe event about a boost's payment; the job id is the event id. */
  'boost:payment': BoostPaymentEvent;
  /** Look at an event's open boosts: charge what counted as played, release the rest that cannot play. */
  'boost:review': { eventId: number };
  /** Carry one boost's decision out at Stripe (capture or cancel); the job id names boost and decision. */
  'boost:settle': { boostId: number };
  /** Review every event with open boosts and retry unconfirmed decisions; recurring. */
  'boost:sweep': Record<string, never>;
  /** Delete expired sessions and codes; recurring (see RecurringJob), never enqueued by a request. */
  'maintenance:prune': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export interface JobContext {
  jobId: string;
  attempt: number;
  /** The id of the HTTP request that enqueued the job, for log correlation. */
  requestId: string | undefined;
  /** A logger carrying the job and `reqId`; set when the context's queue runs the job. */
  log?: FastifyBaseLogger;
}

export type JobHandler<N extends JobName> = (
  payload: JobPayloads[N],
  job: JobContext,
) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/**
 * A job the queue puts on itself every `everyMs` once this process runs the
 * worker, so only the worker role schedules it. The first run comes one
 * interval after the schedule first exists.
 */
export type RecurringJob = {
  [N in JobName]: { name: N; payload: JobPayloads[N]; everyMs: number };
}[JobName];

export interface EnqueueOptions {
  /** A stable id makes enqueuing idempotent: a second job with the same id is dropped. */
  jobId?: string;
  requestId?: string;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'memory';
  enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options?: EnqueueOptions,
  ): Promise<void>;
  /** Start processing with these handlers (in this process), and start the recurring jobs. */
  startWorker(handlers: JobHandlers): Promise<void>;
  /** Jobs waiting or running (metrics, tests). */
  pendingCount(): Promise<number>;
  /** Resolve when nothing is waiting or running (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** Stop taking jobs and resolve once the running ones have finished. */
  close(): Promise<void>;
}

/** Same retry policy in both implementations. */
export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF_BASE_MS = 500;
export const backoffDelay = (attempt: number) => JOB_BACKOFF_BASE_MS * 2 ** (attempt - 1);
