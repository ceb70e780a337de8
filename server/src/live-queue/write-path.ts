import { MSG } from '@floorfill/shared';
import { unauthorized } from '../http/errors.ts';
import {
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isPoolExhausted,
  type Db,
  type DbOrTrx,
} from '../infra/db.ts';
import type { QueueChange, QueuePublisher } from './queue-pushes.ts';

/**
 * The live queue's one write path: every change goes through `apply`, or
 * `applyGrouped` for a request and a join (an event's concurrent ones share
 * a transaction): one transaction that first bumps the event's seq (its row
 * lock queues the event's other writes), makes the change with counters
 * kept in step, and answers what the watchers must hear; after the commit
 * the change is published. A write that turns out to change nothing rolls
 * back, so the seq moves only with a change and every seq has exactly one
 * change.
 */

export interface LiveQueueDeps {
  db: Db;
  publish: QueuePublisher;
}

/**
 * Raised inside a write that found nothing to change: the transaction rolls
 * back (undoing its seq bump) and the caller answers from `answer` instead.
 */
export class NothingChanged<T> extends Error {
  constructor(readonly answer: () => Promise<T>) {
    super('nothing changed');
  }
}

/** A write of the live queue: its result, and the queue changes to publish after the commit. */
export type Change<T> = (writer: DbOrTrx) => Promise<{ result: T; changes: QueueChange[] }>;

/** What one write of a group did: committed with its changes, or changed nothing. */
type Outcome<T> =
  { written: { result: T; changes: QueueChange[] } } | { nothing: NothingChanged<T> };

/** A one-statement write waiting in its event's group, with its caller's promise. */
interface GroupMember<T> {
  change: Change<T>;
  resolve(value: T | Promise<T>): void;
  reject(error: unknown): void;
}

/**
 * The most writes one group commit holds: enough that a busy event's writes
 * share a flush, few enough that the group's lock and its answers do not wait
 * long on its last statement.
 */
const MAX_GROUP = 64;

/** Runs one write; a write that changed nothing is an outcome, any other error is thrown. */
async function attempt<T>(change: Change<T>, writer: DbOrTrx): Promise<Outcome<T>> {
  try {
    return { written: await change(writer) };
  } catch (error) {
    if (error instanceof NothingChanged) return { nothing: error as NothingChanged<T> };
    throw error;
  }
}

/** The error a write's caller gets: the account that went while it ran is a 401. */
export function writeError(error: unknown): unknown {
  // A guest logging out on another tab deletes the account the write points at.
  return isForeignKeyViolation(error) ? unauthorized(MSG.unauthenticated) : error;
}

export function createWritePath({ db, publish }: LiveQueueDeps) {
  /**
   * The one write path for all but the one-statement writes (see
   * `applyGrouped`). `change` makes the change in a transaction it opens and
   * answers its result with the queue changes to publish after the commit;
   * `NothingChanged` rolls back and answers without publishing.
   */
  async function apply<T>(change: Change<T>): Promise<T> {
    try {
      const { result, changes } = await db.transaction().execute(change);
      for (const committed of changes) publish(committed);
      return result;
    } catch (error) {
      if (error instanceof NothingChanged) return (await error.answer()) as T;
      throw writeError(error);
    }
  }

  /**
   * One-statement writes (a song request, a join) waiting for their event's
   * group commit, by event: a key is here while its event has a group
   * committing, and its list holds the writes that arrived meanwhile.
   */
  const waitingGroups = new Map<string, GroupMember<unknown>[]>();

  /**
   * A one-statement write committed with the others of its event (`key`)
   * that arrive while the event's previous group commits: in ONE transaction,
   * so one WAL flush under the event's row lock serves them all. Each write
   * is still its own statement with its own conditions and result, run in
   * arrival order, so seq k+1 counts every write of seq ≤ k, and the pushes
   * go out in that order after the commit, before any answer. A write that
   * changes nothing (`NothingChanged`) writes nothing and leaves its
   * neighbours be; a database error undoes the whole group, whose writes then
   * run one by one, each meeting only its own error. A write arriving while
   * its event commits nothing starts its own group at once. An event's groups
   * never run side by side on a node; other events' are independent, and the
   * row lock orders the groups of several nodes.
   */
  function applyGrouped<T>(key: string, change: Change<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const member: GroupMember<T> = { change, resolve, reject };
      const waiting = waitingGroups.get(key);
      if (waiting) {
        waiting.push(member as GroupMember<unknown>);
        return;
      }
      const started: GroupMember<unknown>[] = [member as GroupMember<unknown>];
      waitingGroups.set(key, started);
      void commitGroups(key, started);
    });
  }

  /** Commits the key's groups, MAX_GROUP writes at most each, until none waits. */
  async function commitGroups(key: string, waiting: GroupMember<unknown>[]): Promise<void> {
    while (waiting.length > 0) await commitGroup(waiting.splice(0, MAX_GROUP));
    waitingGroups.delete(key);
  }

  /** One group: one transaction, or each write alone after a database error. Never throws. */
  async function commitGroup(group: GroupMember<unknown>[]): Promise<void> {
    if (group.length > 1) {
      try {
        const committed = await commitTogether(group);
        if (committed) {
          for (const [member, outcome] of committed) settle(member, outcome);
          return;
        }
      } catch (error) {
        // Unreachable or overloaded: running each alone would only wait again.
        for (const member of group) member.reject(error);
        return;
      }
    }
    for (const member of group) {
      try {
        settle(member, await attempt(member.change, db));
      } catch (error) {
        member.reject(writeError(error));
      }
    }
  }

  /**
   * The group's writes in one transaction, each with its outcome once it
   * committed; undefined when the database refused one of them (nothing of
   * the group was written, and each then runs alone). Throws when the
   * database cannot be reached.
   */
  async function commitTogether(group: GroupMember<unknown>[]) {
    try {
      return await db.transaction().execute(async (trx) => {
        const done: Array<[GroupMember<unknown>, Outcome<unknown>]> = [];
        for (const member of group) done.push([member, await attempt(member.change, trx)]);
        return done;
      });
    } catch (error) {
      if (isDatabaseUnavailable(error) || isPoolExhausted(error)) throw error;
      return undefined;
    }
  }

  /**
   * Publishes a committed write's changes and answers it; a write that
   * changed nothing answers its own way. Never throws.
   */
  function settle<T>(member: GroupMember<T>, outcome: Outcome<T>): void {
    if ('nothing' in outcome) return member.resolve(outcome.nothing.answer());
    try {
      for (const committed of outcome.written.changes) publish(committed);
      member.resolve(outcome.written.result);
    } catch (error) {
      member.reject(error);
    }
  }

  return { apply, applyGrouped };
}

/** The live queue's commits: `apply` for a transaction, `applyGrouped` for a one-statement write. */
export type WritePath = ReturnType<typeof createWritePath>;
