import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../infra/queue.ts';
import type { QueueChange, QueuePublisher } from '../live-queue/queue-pushes.ts';

/**
 * A committed queue write that may settle boosts — a song started or
 * stopped (a play that counts, or one cut short), a song rejected — asks
 * for a review of the event's boosts at once. The sweep (every
 * BOOST_SWEEP_SECONDS) catches the rest: a play reaching its "counts as
 * played" time, a night ending, a review lost with a crashed node.
 */
export function callsForBoostReview(change: QueueChange): boolean {
  return change.nowPlaying !== undefined || change.rejected !== undefined;
}

/** Publishes a committed change as before, and asks for a boost review when it may settle one. */
export function withBoostReviews(
  publish: QueuePublisher,
  queue: JobQueue,
  logger: FastifyBaseLogger,
): QueuePublisher {
  return (change) => {
    publish(change);
    if (!callsForBoostReview(change)) return;
    const jobId = `boost-review-${change.eventId}-${change.seq}`;
    queue
      .enqueue('boost:review', { eventId: change.eventId }, { jobId })
      .catch((error: unknown) => {
        // The sweep reviews the event shortly anyway.
        logger.warn({ err: error, jobId }, 'boost review not enqueued');
      });
  };
}
