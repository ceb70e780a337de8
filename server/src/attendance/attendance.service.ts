import {
  ATTENDANCE_MSG,
  type AttendeeEventDetails,
  type EventStats,
  type EventSummary,
  type JoinedEvent,
} from '@floorfill/shared';
import type { EventsService } from '../events/events.service.ts';
import { notFound } from '../http/errors.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { hasRatedHost } from '../profiles/profiles.repository.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { SongChange } from '../requests/request-pushes.ts';
import type { RemovedRequests, RequestsService } from '../requests/requests.service.ts';
import * as repo from './attendance.repository.ts';

/**
 * Attendance rules: joining by code, leaving, the attendee's lists of joined
 * events and their view of one event. Writes change first and bump the
 * event's seq last (its row lock queues the event's other writes until
 * commit), only when something changed.
 */

export interface JoinOutcome {
  event: JoinedEvent;
  /** Null when the attendee had already joined (nothing changed, nothing to push). */
  change: { seq: number; stats: EventStats; attendeeName: string } | null;
}

export interface LeaveOutcome {
  eventId: number;
  /** Null when the caller had not joined (nothing changed, nothing to push). */
  change: { seq: number; stats: EventStats; songs: SongChange[] } | null;
}

/** Which joined events a list shows. */
export type JoinedEventsScope = 'all' | 'not-ended';

/**
 * Events that have not ended (running now or upcoming) first, soonest start
 * first; then ended ones, most recent start first.
 */
function byUpcomingThenRecent(a: EventSummary, b: EventSummary): number {
  if (a.has_ended !== b.has_ended) return a.has_ended ? 1 : -1;
  const order = a.start_time.localeCompare(b.start_time) || a.id - b.id;
  return a.has_ended ? -order : order;
}

export function createAttendanceService(
  events: EventsService,
  requests: RequestsService,
  profiles: ProfilesService,
) {
  /** Bumps the seq after a change; 404 (and so a rollback) when the event was deleted meanwhile. */
  async function bump(trx: DbOrTrx, eventId: number, missing: string): Promise<number> {
    const seq = await events.bumpSeq(trx, eventId);
    if (seq === null) throw notFound(missing);
    return seq;
  }

  async function joinedEvent(db: DbOrTrx, eventId: number, joinedAt: Date): Promise<JoinedEvent> {
    const live = await events.liveSummary(db, eventId);
    if (!live) throw new Error(`event ${eventId} vanished inside its own transaction`);
    return { ...live.event, joined: true, joined_at: joinedAt.toISOString() };
  }

  return {
    /**
     * Joins the live event holding the code (trimmed, any case). Joining
     * again changes nothing and answers the same. Ended events can be joined:
     * their page, host card and rating stay useful; requests are refused there.
     */
    async join(trx: DbOrTrx, userId: number, code: string): Promise<JoinOutcome> {
      const found = await events.findByCode(trx, code.trim());
      if (!found) throw notFound(ATTENDANCE_MSG.noEventForCode);

      const added = await repo.insertAttendance(trx, found.id, userId);
      const attendance = await repo.findAttendance(trx, found.id, userId);
      if (!attendance) throw new Error('an attendance vanished inside its own transaction');
      const event = await joinedEvent(trx, found.id, attendance.joined_at);
      if (!added) return { event, change: null };

      const attendeeName = await repo.findShownName(trx, userId);
      // Last: the bump's row lock queues the event's other writes until commit.
      const seq = await bump(trx, found.id, ATTENDANCE_MSG.noEventForCode);
      return { event, change: { seq, stats: await requests.stats(trx, found.id), attendeeName } };
    },

    /**
     * Leaves a live event (by id or code). Leaving an event one had not
     * joined changes nothing. The attendee's unplayed requests leave the queue with them.
     */
    async leave(
      trx: DbOrTrx,
      userId: number,
      target: { eventId: number } | { code: string },
    ): Promise<LeaveOutcome> {
      const missing =
        'code' in target ? ATTENDANCE_MSG.noEventForCode : ATTENDANCE_MSG.eventNotFound;
      const eventId =
        'eventId' in target ? target.eventId : (await events.findByCode(trx, target.code))?.id;
      const event = eventId === undefined ? null : await events.liveFacts(trx, eventId);
      if (!event) throw notFound(missing);

      const removed = await repo.deleteAttendance(trx, event.id, userId);
      if (!removed) return { eventId: event.id, change: null };
      const songIds = await requests.removeUnplayedOf(trx, event.id, userId);
      const seq = await bump(trx, event.id, missing);
      const songs: SongChange[] = [];
      for (const songId of new Set(songIds)) {
        songs.push(await requests.songChange(trx, event.id, songId));
      }
      return {
        eventId: event.id,
        change: { seq, stats: await requests.stats(trx, event.id), songs },
      };
    },

    /**
     * A guest leaving for good (its logout deletes the account): takes every
     * request it made out of every queue, played or not, and names every
     * event it was in, joined or requested, so that
     * `requests.commitRemovedRequests` can bump each one's seq and read its
     * counts once the account (and with it the attendances) is gone.
     */
    async departEverywhere(trx: DbOrTrx, userId: number): Promise<RemovedRequests> {
      const affected = await requests.removeAllRequestsOf(trx, userId);
      for (const { event_id: eventId } of await repo.listAttendances(trx, userId)) {
        if (!affected.has(eventId)) affected.set(eventId, new Set());
      }
      return affected;
    },

    /** The live events the user joined, upcoming (or running) first, then past ones. */
    async joinedEvents(
      db: DbOrTrx,
      userId: number,
      scope: JoinedEventsScope,
    ): Promise<JoinedEvent[]> {
      const attendances = await repo.listAttendances(db, userId);
      const joinedAt = new Map(attendances.map((row) => [row.event_id, row.joined_at]));
      const summaries = await events.liveSummaries(db, [...joinedAt.keys()]);
      return summaries
        .filter((event) => scope === 'all' || !event.has_ended)
        .sort(byUpcomingThenRecent)
        .map((event) => ({
          ...event,
          joined: true as const,
          joined_at: (joinedAt.get(event.id) ?? new Date(0)).toISOString(),
        }));
    },

    /**
     * Any live event as an attendee (or a guest who scanned its QR) sees it:
     * whether they joined, whether they rated its host, their own requests.
     * Null for a missing or deleted event.
     */
    async details(
      db: DbOrTrx,
      viewerId: number,
      eventId: number,
    ): Promise<AttendeeEventDetails | null> {
      const live = await events.liveSummary(db, eventId);
      if (!live) return null;
      const host = await profiles.hostCard(db, live.event.host_id);
      if (!host) return null;
      const attendance = await repo.findAttendance(db, eventId, viewerId);
      const isRated = viewerId !== host.id && (await hasRatedHost(db, host.id, viewerId, eventId));
      return {
        ...live.event,
        seq: live.seq,
        joined: attendance !== undefined,
        is_rated: isRated,
        song_requests: await requests.listOwn(db, eventId, viewerId),
        host,
      };
    },
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
