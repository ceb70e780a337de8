import type { DbOrTrx } from '../infra/db.ts';
import { createAttendanceWrites } from './attendance-writes.ts';
import { createBoostTotals } from './boost-totals.ts';
import { createHostMarks } from './host-marks.ts';
import { deleteEventQueue } from './queue-event.repository.ts';
import type { QueueChange } from './queue-pushes.ts';
import { queueReads } from './queue-reads.ts';
import { createSongRequests } from './song-requests.ts';
import { createWritePath, type LiveQueueDeps } from './write-path.ts';

/**
 * An event's live queue: who joined, the song requests, their grouping by
 * song, the counters, the seq, and the pushes. The writes (requests, the
 * host's marks, joins and leaves) all go through the one write path
 * (`write-path.ts`); the reads answer screens and reports.
 */

export type { JoinOutcome } from './attendance-writes.ts';

export function createLiveQueue(deps: LiveQueueDeps) {
  const writePath = createWritePath(deps);
  return {
    ...createSongRequests(deps.db, writePath),
    ...createHostMarks(deps.db, writePath),
    ...createAttendanceWrites(deps.db, writePath),
    ...createBoostTotals(writePath),

    /** Publishes changes a caller committed itself (a guest's departure, `departEverywhere`). */
    publishAll(changes: readonly QueueChange[]): void {
      for (const change of changes) deps.publish(change);
    },

    /**
     * Empties a deleted event's queue in the caller's transaction (the caller
     * holds the event's lock and pushes `event:deleted` itself).
     */
    clear(trx: DbOrTrx, eventId: number): Promise<void> {
      return deleteEventQueue(trx, eventId);
    },

    ...queueReads,
  };
}

export type LiveQueue = ReturnType<typeof createLiveQueue>;
