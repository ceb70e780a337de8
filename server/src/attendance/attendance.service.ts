import {
  roomViewOfSong,
  HOST_LANDING_EVENTS,
  type AttendeeEventDetails,
  type EventLanding,
  type EventSummary,
  type HostLanding,
  type HostLandingEvent,
  type JoinedEvent,
  type RequestSettings,
} from '@floorfill/shared';
import { publicEventView, type EventsService } from '../events/events.service.ts';
import type { DbOrTrx } from '../infra/db.ts';
import type { JoinOutcome, LiveQueue } from '../live-queue/live-queue.ts';
import { hasRatedHost } from '../profiles/profiles.repository.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import * as repo from './attendance.repository.ts';

/**
 * Attendance reads: the attendee's lists of joined events and their view of
 * one event. Joining and leaving change the event's queue and counters, so
 * the live queue makes them; this feature shapes their answers.
 */

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

/** What a poster of the event would say (the landing's facts), and its code. */
function posterFacts(event: EventSummary, settings: RequestSettings): HostLandingEvent {
  return {
    code: event.code,
    name: event.name,
    start_time: event.start_time,
    end_time: event.end_time,
    timezone: event.timezone,
    formatted_start_time: event.formatted_start_time,
    formatted_end_time: event.formatted_end_time,
    banner_path: event.banner_path,
    banner_base_path: event.banner_base_path,
    joined_count: event.enrolled_users_count,
    requests_open: settings.requests_open,
    is_live: event.is_live,
    has_ended: event.has_ended,
  };
}

export function createAttendanceService(
  events: EventsService,
  queue: Pick<LiveQueue, 'ownRequests' | 'attendanceOf' | 'nowPlaying' | 'line'>,
  profiles: ProfilesService,
) {
  /** What plays, as this viewer may see it: the host the words, the room a held song's neutral form. */
  async function roomNowPlaying(db: DbOrTrx, eventId: number, isHost: boolean) {
    const playing = await queue.nowPlaying(db, eventId);
    return playing && !isHost ? roomViewOfSong(playing) : playing;
  }

  return {
    /** A join's answer: the event's summary, joined, and when. */
    joinedEvent({ event, joinedAt }: JoinOutcome): JoinedEvent {
      const summary = events.toSummary({
        ...event,
        enrolled_users_count: event.joined_count,
        song_requests_count: event.request_count,
      });
      return { ...summary, joined: true, joined_at: joinedAt.toISOString() };
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
     * The landing a QR opens, for anyone (no session): the poster's facts,
     * the host's card with rating, how many joined, whether requests are
     * open. Null for a code no live event holds.
     */
    async landing(db: DbOrTrx, code: string): Promise<EventLanding | null> {
      const found = await events.findByCode(db, code);
      if (!found) return null;
      const live = await events.liveSummary(db, found.id);
      if (!live) return null;
      const host = await profiles.hostCard(db, live.event.host_id);
      if (!host) return null;
      return {
        ...posterFacts(live.event, live.settings),
        host: {
          id: host.id,
          name: host.display_name?.trim() || host.name,
          profile_image_path: host.profile_image_path,
          rating: host.rating,
          total_review: host.total_review,
        },
      };
    },

    /**
     * A host's public page, for anyone (no session): their public face and
     * their live or next events as each one's landing shows it. The codes
     * only with `withCodes` (the caller holds the key of the host's own link):
     * ids are walkable, and a code is what lets a stranger in.
     */
    async hostLanding(
      db: DbOrTrx,
      hostId: number,
      withCodes: boolean,
    ): Promise<HostLanding | null> {
      const face = await profiles.publicFace(db, hostId);
      if (!face) return null;
      const upcoming = await events.upcoming(db, hostId, HOST_LANDING_EVENTS);
      const lives = await Promise.all(upcoming.map(({ id }) => events.liveSummary(db, id)));
      const shown: HostLanding['events'] = [];
      for (const live of lives) {
        if (!live) continue;
        const facts = posterFacts(live.event, live.settings);
        shown.push(withCodes ? facts : { ...facts, code: '' });
      }
      return { ...face, events: shown };
    },

    /**
     * Any live event as an attendee (or a guest who scanned its QR) sees it
     * (before joining only its public view, see publicEventView):
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
      const attendance = await queue.attendanceOf(db, eventId, viewerId);
      const isRated = viewerId !== host.id && (await hasRatedHost(db, host.id, viewerId, eventId));
      const insider = attendance !== undefined || viewerId === host.id;
      const own = await queue.ownRequests(db, eventId, viewerId);
      return {
        ...(insider ? live.event : publicEventView(live.event)),
        seq: live.seq,
        request_settings: live.settings,
        // What plays, and the line, are for the room: those who joined (and the host).
        now_playing: insider ? await roomNowPlaying(db, eventId, viewerId === host.id) : null,
        joined: attendance !== undefined,
        is_rated: isRated,
        song_requests: own.requests,
        rejected_requests: own.rejected,
        line: insider ? await queue.line(db, eventId) : null,
        host,
      };
    },
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
