import type { Db } from '../infra/db.ts';
import type { LiveQueue } from '../live-queue/live-queue.ts';
import { deleteGuestAccount, listInactiveGuests } from './maintenance.repository.ts';

/** Guests per batch; each leaves in a transaction of its own. */
const GUEST_BATCH_SIZE = 200;

/**
 * Guest accounts are made by a QR scan and kept while the phone uses them;
 * after `days` without use they go, as a logout would take them: their
 * requests and attendances leave each event's queue through the live queue
 * (so its counters stay right), then the account and what cascades from it.
 * Answers how many went.
 */
export async function pruneInactiveGuests(
  db: Db,
  liveQueue: LiveQueue,
  days: number,
): Promise<number> {
  let pruned = 0;
  for (;;) {
    const ids = await listInactiveGuests(db, days, GUEST_BATCH_SIZE);
    for (const id of ids) {
      const changes = await db.transaction().execute(async (trx) => {
        const departed = await liveQueue.departEverywhere(trx, id);
        await deleteGuestAccount(trx, id);
        return departed;
      });
      liveQueue.publishAll(changes);
    }
    pruned += ids.length;
    if (ids.length < GUEST_BATCH_SIZE) return pruned;
  }
}
