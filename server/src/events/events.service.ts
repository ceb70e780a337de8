import {
  type EventCalendar,
  type EventListQuery,
  type EventSummary,
  type HostDashboard,
  type HostEventDetails,
  type Pagination,
  type UpdateEventBody,
  type EventStats,
  type RequestSettings,
  type UpdateRequestSettingsBody,
} from '@floorfill/shared';
import type { Config } from '../config.ts';
import type { DbOrTrx } from '../infra/db.ts';
import type { LiveQueue } from '../live-queue/live-queue.ts';
import { generateEventCode } from './event-code.ts';
import * as repo from './events.repository.ts';
import type { EventFields } from './events.repository.ts';
import { createEventPasses } from './event-pass.ts';
import { createEventSummaries, locationOf, requestSettingsOf } from './event-summary.ts';
import { localDayOf, localDayRange, localMonthRange } from './time-zones.ts';

/**
 * Event rules for the host. Functions take the route's transaction (or the db
 * for reads); rows become the shared contract's shapes before leaving here.
 */

/** Draws of a new code before giving up; a clash is ~1 in 10^8 per draw, so this is belt and braces. */
const CODE_ATTEMPTS = 5;

export class EventCodeExhaustedError extends Error {
  override name = 'EventCodeExhaustedError';
}

export interface EventListResult {
  events: EventSummary[];
  pagination: Pagination;
}

/** The fields the create and update forms send (the update's address parts may be empty). */
export type EventForm = Omit<UpdateEventBody, 'id' | 'banner' | 'host_id'>;

export type HostEventDetailsWithoutHost = Omit<HostEventDetails, 'host'>;

/**
 * What someone who has not joined an event sees of it: what a poster on the
 * wall would say (name, host, times, banner, town). Not its join code or
 * anything derived from it (link, QR), and not the street address: event ids
 * are guessable, and walking them must not hand out every party's code and
 * venue. The code comes with the QR or from the host.
 */
export function publicEventView(event: EventSummary): EventSummary {
  return {
    ...event,
    address: null,
    zip: null,
    location: locationOf({ ...event, address: null, zip: null }),
    code: '',
    event_code: '',
    url: '',
    qrcode_path: '',
  };
}

/** What a form sends, as the columns store it. */
function fieldsFrom(body: EventForm): EventFields {
  return {
    name: body.name,
    start_time: body.start_time,
    end_time: body.end_time,
    address: body.address,
    zip: body.zip,
    city: body.city,
    state: body.state,
    country: body.country,
    timezone: body.timezone ?? 'UTC',
  };
}

export interface EventsServiceOptions {
  /** Draws event codes; tests pass a scripted one to exercise the retry. */
  generateCode?: () => string;
}

/** What the events feature asks of the live queue: the host's snapshot and clearing a deleted event. */
export type EventQueue = Pick<LiveQueue, 'groupedQueue' | 'allRequests' | 'clear' | 'nowPlaying'>;

export function createEventsService(
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  queue: EventQueue,
  options: EventsServiceOptions = {},
) {
  const drawCode = options.generateCode ?? generateEventCode;
  const passes = createEventPasses(config.jwtSecret, config.publicUrl);
  const { eventUrl, typedEventUrl, toSummary } = createEventSummaries(
    config.publicUrl,
    passes.keyOf,
  );

  async function requireSummary(
    db: DbOrTrx,
    hostId: number,
    eventId: number,
  ): Promise<EventSummary> {
    const row = await repo.findHostEvent(db, hostId, eventId);
    if (!row) throw new Error(`event ${eventId} vanished inside its own transaction`);
    return toSummary(row);
  }

  return {
    eventUrl,
    typedEventUrl,
    toSummary,
    /** The passes an event's own link leaves a browser, which spare its code the guard. */
    passes,

    /** A page of the host's events; a page past the end is empty with the true page count. */
    async list(db: DbOrTrx, hostId: number, query: EventListQuery): Promise<EventListResult> {
      const filter: repo.HostEventFilter = { hostId, timing: query.filter };
      if (query.search) filter.search = query.search;
      if (query.date) {
        const day = localDayRange(query.date, query.tz);
        filter.startsFrom = day.from;
        filter.startsBefore = day.to;
      }
      const total = await repo.countHostEvents(db, filter);
      const rows = await repo.listHostEvents(db, filter, {
        sort: query.sort,
        order: query.order,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return {
        events: rows.map((row) => toSummary(row)),
        pagination: {
          currentPage: query.page,
          lastPage: Math.max(1, Math.ceil(total / query.perPage)),
          perPage: query.perPage,
          total,
        },
      };
    },

    /** How many of the host's events start on each local day of a month. */
    async calendar(
      db: DbOrTrx,
      hostId: number,
      month: string,
      timeZone: string,
    ): Promise<EventCalendar> {
      const range = localMonthRange(month, timeZone);
      const starts = await repo.listHostEventStarts(db, hostId, range.from, range.to);
      const counts = new Map<string, number>();
      for (const start of starts) {
        const day = localDayOf(start, timeZone);
        counts.set(day, (counts.get(day) ?? 0) + 1);
      }
      const days = [...counts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, count]) => ({ date, count }));
      return { days };
    },

    async upcoming(db: DbOrTrx, hostId: number, limit: number): Promise<EventSummary[]> {
      const rows = await repo.listUpcomingHostEvents(db, hostId, limit);
      return rows.map((row) => toSummary(row));
    },

    dashboard(db: DbOrTrx, hostId: number): Promise<HostDashboard> {
      return repo.hostTotals(db, hostId);
    },

    /** Creates the event under a fresh code, drawing again if a live event holds it. */
    async create(
      trx: DbOrTrx,
      hostId: number,
      body: EventForm,
      bannerPath: string | null,
    ): Promise<EventSummary> {
      const fields = fieldsFrom(body);
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
        const eventId = await repo.insertEvent(trx, {
          ...fields,
          hostId,
          code: drawCode(),
          bannerPath,
        });
        if (eventId !== undefined) return requireSummary(trx, hostId, eventId);
      }
      throw new EventCodeExhaustedError(`no free event code after ${CODE_ATTEMPTS} draws`);
    },

    /**
     * Replaces the event's fields (the form sends them all) and, when given,
     * its banner; null when the host has no such live event. A missing time
     * zone keeps the event's own.
     */
    async update(
      trx: DbOrTrx,
      hostId: number,
      eventId: number,
      body: EventForm,
      bannerPath: string | undefined,
    ): Promise<{ event: EventSummary; seq: number; replacedBanner: string | null } | null> {
      const current = await repo.lockHostEvent(trx, hostId, eventId);
      if (!current) return null;
      const fields = fieldsFrom(body);
      if (!body.timezone) fields.timezone = current.timezone;
      await repo.updateEvent(trx, eventId, fields, bannerPath);
      const updated = await repo.findHostEvent(trx, hostId, eventId);
      if (!updated) throw new Error(`event ${eventId} vanished inside its own transaction`);
      const replaced =
        bannerPath !== undefined && current.banner_path !== bannerPath ? current.banner_path : null;
      return { event: toSummary(updated), seq: Number(updated.seq), replacedBanner: replaced };
    },

    /** Soft-deletes the host's event with its requests and attendance; null when there is none. */
    async remove(trx: DbOrTrx, hostId: number, eventId: number): Promise<{ seq: number } | null> {
      const current = await repo.lockHostEvent(trx, hostId, eventId);
      if (!current) return null;
      await queue.clear(trx, eventId);
      const seq = await repo.softDeleteEvent(trx, eventId);
      return { seq };
    },

    /**
     * The host's view of one of their events, without the host card (the
     * profiles feature makes it): the grouped queue, and every request only
     * when asked (`withRequests`).
     */
    async details(
      db: DbOrTrx,
      hostId: number,
      eventId: number,
      { withRequests }: { withRequests: boolean },
    ): Promise<HostEventDetailsWithoutHost | null> {
      const row = await repo.findHostEvent(db, hostId, eventId);
      if (!row) return null;
      const settings = requestSettingsOf(row);
      return {
        ...toSummary(row),
        seq: Number(row.seq),
        request_settings: settings,
        now_playing: await queue.nowPlaying(db, eventId),
        ...(withRequests ? { song_requests: await queue.allRequests(db, eventId) } : {}),
        grouped_song_requests: await queue.groupedQueue(
          db,
          eventId,
          settings.queue_order,
          settings.boost_order,
        ),
      };
    },

    /** The live event holding a code, for its QR image. */
    async findByCode(
      db: DbOrTrx,
      code: string,
    ): Promise<{ id: number; code: string; host_id: number } | undefined> {
      return repo.findLiveEventByCode(db, code);
    },

    /** Any live event with its seq, whoever hosts it (the attendee's view); null when missing or deleted. */
    async liveSummary(
      db: DbOrTrx,
      eventId: number,
    ): Promise<{ event: EventSummary; seq: number; settings: RequestSettings } | null> {
      const row = await repo.findLiveEvent(db, eventId);
      return row
        ? { event: toSummary(row), seq: Number(row.seq), settings: requestSettingsOf(row) }
        : null;
    },

    /**
     * Changes the request controls of the host's live event (only the fields
     * given), bumping its seq; the new settings and seq, or null when the
     * event is not theirs or gone.
     */
    async updateRequestSettings(
      db: DbOrTrx,
      hostId: number,
      body: UpdateRequestSettingsBody,
      boostCurrency?: string,
    ): Promise<{ settings: RequestSettings; seq: number } | null> {
      const { event_id: eventId, blocked, ...rest } = body;
      const change: repo.RequestSettingsChange = Object.fromEntries(
        Object.entries(rest).filter(([, value]) => value !== undefined),
      );
      if (boostCurrency !== undefined) change.boost_currency = boostCurrency;
      if (blocked !== undefined) {
        // One entry per term, whatever its case.
        const seen = new Set<string>();
        change.blocked_terms = blocked.filter((term) => {
          const key = term.toLowerCase();
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      }
      const row = await repo.updateRequestSettings(db, hostId, eventId, change);
      return row ? { settings: requestSettingsOf(row), seq: Number(row.seq) } : null;
    },

    /** The live events among these ids (deleted ones left out), in no particular order. */
    async liveSummaries(db: DbOrTrx, eventIds: readonly number[]): Promise<EventSummary[]> {
      const now = Date.now();
      return (await repo.listLiveEventsByIds(db, eventIds)).map((row) => toSummary(row, now));
    },

    /**
     * Room check for realtime: the host of a live event or an attendee who
     * joined it; `isHost` also lets the socket into the event's host room.
     * The counts go into a reconnecting client's delta.
     */
    async roomAccess(
      db: DbOrTrx,
      userId: number,
      eventId: number,
    ): Promise<{ seq: number; isHost: boolean; stats: EventStats } | null> {
      const event = await repo.findWatchableEvent(db, userId, eventId);
      if (!event) return null;
      const stats = { joined: event.joined, requests: event.requests };
      return { seq: event.seq, isHost: event.hostId === userId, stats };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
