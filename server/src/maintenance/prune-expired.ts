import { CLIENT_REQUEST_ID_TTL_SECONDS, RESEND_COOLDOWN_SECONDS } from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../infra/db.ts';
import type { JobHandler, RecurringJob } from '../infra/queue.ts';
import {
  deleteEndedSessions,
  deleteExpiredAuthCodes,
  deleteStaleCodeRequests,
  deleteStaleRequestKeys,
} from './maintenance.repository.ts';
import { deleteEndedEventSubscriptions } from '../push/push.repository.ts';

/** Rows stay a day past their end, for support questions and log correlation. */
export const PRUNE_GRACE_SECONDS = 24 * 60 * 60;
/** Rows per DELETE statement. */
export const PRUNE_BATCH_SIZE = 1000;

const LONGEST_COOLDOWN_SECONDS = Math.max(...Object.values(RESEND_COOLDOWN_SECONDS));

export interface PrunedCounts {
  sessions: number;
  auth_codes: number;
  code_requests: number;
  request_keys: number;
  /** Phones' Web Push subscriptions to events that have ended. */
  push_subscriptions: number;
}

type DeleteBatch = (db: Db, graceSeconds: number, limit: number) => Promise<number>;

/** Batch after batch until one comes back short: nothing older than the cut-off is left. */
async function deleteAll(
  db: Db,
  deleteBatch: DeleteBatch,
  graceSeconds: number,
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(db, graceSeconds, batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * Delete what can never be used again: sessions expired or revoked, codes
 * expired, resend cooldowns long over — each only once it is more than
 * PRUNE_GRACE_SECONDS past its end — and song requests' idempotency keys
 * kept for more than CLIENT_REQUEST_ID_TTL_SECONDS (a day); and phones'
 * push subscriptions once their event has ended.
 */
export async function pruneExpiredRows(
  db: Db,
  batchSize = PRUNE_BATCH_SIZE,
): Promise<PrunedCounts> {
  return {
    sessions: await deleteAll(db, deleteEndedSessions, PRUNE_GRACE_SECONDS, batchSize),
    auth_codes: await deleteAll(db, deleteExpiredAuthCodes, PRUNE_GRACE_SECONDS, batchSize),
    code_requests: await deleteAll(
      db,
      deleteStaleCodeRequests,
      PRUNE_GRACE_SECONDS + LONGEST_COOLDOWN_SECONDS,
      batchSize,
    ),
    request_keys: await deleteAll(
      db,
      deleteStaleRequestKeys,
      CLIENT_REQUEST_ID_TTL_SECONDS,
      batchSize,
    ),
    push_subscriptions: await deleteAll(
      db,
      (database, _graceSeconds, limit) => deleteEndedEventSubscriptions(database, limit),
      0,
      batchSize,
    ),
  };
}

/**
 * The `maintenance:prune` job: prune expired rows and guests unused for
 * GUEST_RETENTION_DAYS, and log how many of each went.
 */
export function pruneExpiredRowsJob(deps: {
  db: Db;
  logger: FastifyBaseLogger;
  /** Removes unused guest accounts (prune-guests.ts), answering how many. */
  pruneGuests?: () => Promise<number>;
}): JobHandler<'maintenance:prune'> {
  return async (_payload, job) => {
    const deleted = await pruneExpiredRows(deps.db);
    const guests = deps.pruneGuests ? await deps.pruneGuests() : 0;
    (job.log ?? deps.logger).info({ deleted, guests }, 'expired rows pruned');
  };
}

/**
 * What the worker runs on a schedule: the prune, every PRUNE_INTERVAL_MINUTES;
 * the boosts' sweep, every BOOST_SWEEP_SECONDS.
 */
export function maintenanceSchedule(config: Config): RecurringJob[] {
  return [
    { name: 'maintenance:prune', payload: {}, everyMs: config.pruneIntervalMinutes * 60_000 },
    { name: 'boost:sweep', payload: {}, everyMs: config.boostSweepSeconds * 1000 },
  ];
}
