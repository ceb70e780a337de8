import { ATTENDANCE_MSG } from '@floorfill/shared';
import { notFound } from '../http/errors.ts';
import type { Db, DbOrTrx } from '../infra/db.ts';
import {
  allowName,
  deleteAttendance,
  findAttendance,
  insertAttendanceByCode,
} from './attendees.repository.ts';
import { rebuildEntries } from './queue-entries.repository.ts';
import {
  findLiveEvent,
  listEventsTouchedBy,
  lockAndBump,
  moveCounters,
  type LockedEvent,
} from './queue-event.repository.ts';
import { shownEntries, songChanges, statsOf, stopIfGone } from './queue-changes.ts';
import type { QueueChange } from './queue-pushes.ts';
import { deleteRequestsOf } from './song-requests.repository.ts';
import { NothingChanged, type WritePath } from './write-path.ts';

/** Who is in the room: a join, a leave, and a guest's departure from every event at once. */

/** What a live event's queue write locked and answers with: its row, seq and counters. */
export type QueueEvent = LockedEvent;

export interface JoinOutcome {
  event: QueueEvent;
  joinedAt: Date;
  /** False when the user had already joined (nothing changed). */
  created: boolean;
}

export function createAttendanceWrites(db: Db, { apply, applyGrouped }: WritePath) {
  return {
    /**
     * The host lets the big screen show a guest's name the text screen holds
     * (issue 29). Not a queue change: no seq; the caller tells the big screens.
     * False for someone else's event, a deleted one, or a guest not in it.
     */
    allowName(hostId: number, eventId: number, attendeeId: number): Promise<boolean> {
      return allowName(db, hostId, eventId, attendeeId);
    },

    /**
     * Joins the live event holding the code (trimmed, any case). Joining
     * again changes nothing and answers the same. Ended events can be joined:
     * their page, host card and rating stay useful; requests are refused there.
     */
    join(userId: number, code: string): Promise<JoinOutcome> {
      const target = { code: code.trim() };
      const already = async (): Promise<JoinOutcome> => {
        const event = await findLiveEvent(db, target);
        const attendance = event && (await findAttendance(db, event.id, userId));
        if (!event || !attendance) throw notFound(ATTENDANCE_MSG.noEventForCode);
        return { event, joinedAt: attendance.joined_at, created: false };
      };
      return applyGrouped(`code:${target.code.toUpperCase()}`, async (writer) => {
        const added = await insertAttendanceByCode(writer, target.code, userId);
        if (!added) throw new NothingChanged(already);
        const { joined_at: joinedAt, attendee_name: attendeeName, ...event } = added;
        return {
          result: { event, joinedAt, created: true },
          changes: [
            {
              eventId: event.id,
              seq: Number(event.seq),
              stats: statsOf(event),
              songs: [],
              joined: { attendeeId: userId, attendeeName },
            },
          ],
        };
      });
    },

    /**
     * Leaves a live event (by id or code). Leaving an event one had not
     * joined changes nothing. The attendee's unplayed requests leave the
     * queue with them; played ones stay as the event's history. Answers the
     * event's id and whether the user left.
     */
    leave(
      userId: number,
      target: { eventId: number } | { code: string },
    ): Promise<{ eventId: number; left: boolean }> {
      const missing =
        'code' in target ? ATTENDANCE_MSG.noEventForCode : ATTENDANCE_MSG.eventNotFound;
      const notJoined = async () => {
        const event = await findLiveEvent(db, target);
        if (!event) throw notFound(missing);
        return { eventId: event.id, left: false };
      };
      return apply(async (trx) => {
        const event = await lockAndBump(trx, target, { joined: -1 });
        if (!event) throw notFound(missing);
        if (!(await deleteAttendance(trx, event.id, userId))) throw new NothingChanged(notJoined);
        // The song playing keeps the leaver's request: only the host's marks move it.
        const songIds = await deleteRequestsOf(trx, event.id, userId, {
          waitingOnly: true,
          keep: event.now_playing_song_id,
        });
        const counters =
          songIds.length > 0
            ? await moveCounters(trx, event.id, { requests: -songIds.length })
            : event;
        const entries = await rebuildEntries(trx, event.id, songIds);
        const change: QueueChange = {
          eventId: event.id,
          seq: Number(event.seq),
          stats: statsOf(counters),
          songs: songChanges(songIds, await shownEntries(trx, event.id, entries), 'host'),
          left: { attendeeId: userId },
        };
        const stopped = await stopIfGone(trx, event, songIds, entries);
        if (stopped !== undefined) change.nowPlaying = stopped;
        return { result: { eventId: event.id, left: true }, changes: [change] };
      });
    },

    /**
     * A guest leaving for good (its logout deletes the account): every request
     * it made and every attendance leave their events' queues, in the caller's
     * transaction, events locked lowest id first. Answers the changes to
     * publish with `publishAll` once the caller committed.
     */
    async departEverywhere(trx: DbOrTrx, userId: number): Promise<QueueChange[]> {
      const changes: QueueChange[] = [];
      for (const eventId of await listEventsTouchedBy(trx, userId)) {
        const event = await lockAndBump(trx, { eventId });
        // A deleted event keeps no queue and nobody watches its room.
        if (!event) continue;
        const wasAttending = await deleteAttendance(trx, eventId, userId);
        const songIds = await deleteRequestsOf(trx, eventId, userId, { waitingOnly: false });
        const counters = await moveCounters(trx, eventId, {
          joined: wasAttending ? -1 : 0,
          requests: -songIds.length,
        });
        const entries = await rebuildEntries(trx, eventId, songIds);
        const change: QueueChange = {
          eventId,
          seq: Number(event.seq),
          stats: statsOf(counters),
          songs: songChanges(songIds, await shownEntries(trx, eventId, entries), 'host'),
        };
        const stopped = await stopIfGone(trx, event, songIds, entries);
        if (stopped !== undefined) change.nowPlaying = stopped;
        // The host hears every seq: a guest who only joined still leaves.
        if (wasAttending) change.left = { attendeeId: userId };
        changes.push(change);
      }
      return changes;
    },
  };
}
