import { sql } from 'kysely';
import type { DbOrTrx } from '../infra/db.ts';
import { entryColumns, type EntryRow } from './queue-columns.ts';
import { lockAndBump } from './queue-event.repository.ts';
import { shownEntries, songChanges, statsOf } from './queue-changes.ts';
import type { QueueChange } from './queue-pushes.ts';
import { NothingChanged, type WritePath } from './write-path.ts';

/**
 * Boosts (issue 30) change under the event's lock, like every queue write:
 * a decision to charge or release a boost and a host's mark on its song are
 * never made side by side. The boosts feature makes its change in the
 * transaction this opens; the live queue then sets the touched songs' boost
 * totals (held and charged boosts) and tells the watchers.
 */

/** What a boost change did: its result, and the songs whose boosts changed (empty: nothing did). */
export interface BoostChange<T> {
  result: T;
  songIds: readonly string[];
}

/** Sets the songs' boost totals from their held and charged boosts; answers their entries. */
async function setBoostTotals(trx: DbOrTrx, eventId: number, songIds: readonly string[]) {
  const result = await sql<EntryRow>`
    update queue_entries set boost_cents = coalesce((
      select sum(b.amount_cents) from boosts b
      where b.event_id = queue_entries.event_id and b.song_id = queue_entries.song_id
        and b.status in ('held', 'capturing', 'captured')), 0)
    where event_id = ${eventId} and song_id in (${sql.join([...songIds])})
    returning ${sql.join(entryColumns.map((column) => sql.ref(column)))}
  `.execute(trx);
  return result.rows;
}

/** Does the room's view of the queue change with a song's boost total (its order, the big screen)? */
async function roomSeesBoosts(trx: DbOrTrx, eventId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('events')
    .select(['boost_order', 'display_boosted'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  return Boolean(row && (row.boost_order !== 'off' || row.display_boosted));
}

export function createBoostTotals({ apply }: WritePath) {
  return {
    /**
     * Runs `decide` in a transaction that holds the event's lock (a deleted
     * event's boosts change too, with no queue to tell), then sets the boost
     * totals of the songs it names and publishes their entries. A change that
     * names no song rolls back and answers `unchanged`.
     */
    changeBoosts<T>(
      eventId: number,
      decide: (trx: DbOrTrx) => Promise<BoostChange<T>>,
      unchanged: () => Promise<T>,
    ): Promise<T> {
      return apply(async (trx) => {
        const event = await lockAndBump(trx, { eventId });
        if (!event) {
          // Deleted: its queue is gone; the boosts still settle (under the row's lock).
          await trx
            .selectFrom('events')
            .select('id')
            .where('id', '=', eventId)
            .forUpdate()
            .execute();
          const { result, songIds } = await decide(trx);
          if (songIds.length === 0) throw new NothingChanged(unchanged);
          return { result, changes: [] };
        }
        const { result, songIds } = await decide(trx);
        if (songIds.length === 0) throw new NothingChanged(unchanged);
        const entries = await setBoostTotals(trx, eventId, songIds);
        const shown = await shownEntries(trx, eventId, entries);
        const audience = (await roomSeesBoosts(trx, eventId)) ? 'room' : 'host';
        const change: QueueChange = {
          eventId,
          seq: Number(event.seq),
          stats: statsOf(event),
          songs: songChanges(
            shown.map((entry) => entry.song_id),
            shown,
            audience,
          ),
        };
        return { result, changes: [change] };
      });
    },
  };
}

export type BoostTotals = ReturnType<typeof createBoostTotals>;
