import {
  ATTENDANCE_MSG,
  attendeeEventDetailsQuery,
  attendeeEventDetailsSchema,
  eventRoom,
  joinedEventListSchema,
  joinedEventsQuery,
  joinEventBody,
  joinEventData,
  leaveEventBody,
  leaveEventData,
  userRoom,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/auth.plugin.ts';
import { createEventsService } from '../events/events.service.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { envelopes } from '../http/responses.ts';
import { createProfilesService } from '../profiles/profiles.service.ts';
import { pushSongChange, pushStats } from '../requests/request-pushes.ts';
import { createRequestsService } from '../requests/requests.service.ts';
import { createAttendanceService } from './attendance.service.ts';

/**
 * Attendance: join-event, leave-event, get-joined-events,
 * get-enrolled-event-list, get-attendee-event-details. Attendees and guests
 * alike; a claimed attendee id must be the caller. Writes own their
 * transaction and push to the event's room only after it committed.
 */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const events = createEventsService(config);
  const requests = createRequestsService(events);
  const attendance = createAttendanceService(
    events,
    requests,
    createProfilesService(config, events),
  );
  const tags = ['Attendance'];

  /**
   * The leaver's sockets stop watching the event's room before the room hears
   * of the leave: at once on this node (the adapter's cluster-wide leave is a
   * Redis round trip, while an emit reaches local sockets immediately), and on
   * the other nodes through Redis, ahead of the pushes published after it.
   */
  function stopWatching(userId: number, eventId: number): void {
    app.realtime.io.local.in(userRoom(userId)).socketsLeave(eventRoom(eventId));
    app.realtime.io.in(userRoom(userId)).socketsLeave(eventRoom(eventId));
  }

  app.post(
    '/api/v1/join-event',
    {
      schema: {
        tags,
        summary: 'Join an event by its code; `data.id` is the event',
        body: joinEventBody,
        response: envelopes({ 200: joinEventData }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      assertSameUser(session, request.body.attendeeId);
      const outcome = await db
        .transaction()
        .execute((trx) => attendance.join(trx, session.userId, request.body.code));
      const { event, change } = outcome;
      if (change) {
        app.realtime.toEvent(event.id, 'attendee:joined', {
          eventId: event.id,
          seq: change.seq,
          attendeeId: session.userId,
          attendeeName: change.attendeeName,
        });
        pushStats(app.realtime, event.id, change.seq, change.stats);
      }
      return ok(change ? ATTENDANCE_MSG.joined : ATTENDANCE_MSG.alreadyJoined, event);
    },
  );

  app.post(
    '/api/v1/leave-event',
    {
      schema: {
        tags,
        summary: "Leave an event; the caller's unplayed requests are withdrawn",
        body: leaveEventBody,
        response: envelopes({ 200: leaveEventData }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      assertSameUser(session, request.body.attendeeId);
      const { eventId, change } = await db
        .transaction()
        .execute((trx) => attendance.leave(trx, session.userId, request.body.target));
      if (change) {
        stopWatching(session.userId, eventId);
        app.realtime.toEvent(eventId, 'attendee:left', {
          eventId,
          seq: change.seq,
          attendeeId: session.userId,
        });
        for (const song of change.songs) pushSongChange(app.realtime, eventId, change.seq, song);
        pushStats(app.realtime, eventId, change.seq, change.stats);
      }
      return ok(change ? ATTENDANCE_MSG.left : ATTENDANCE_MSG.notJoined, {
        id: eventId,
        joined: false as const,
      });
    },
  );

  app.get(
    '/api/v1/get-joined-events',
    {
      schema: {
        tags,
        summary: 'The events the caller joined: not ended first, then ended',
        querystring: joinedEventsQuery,
        response: envelopes({ 200: joinedEventListSchema }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      assertSameUser(session, request.query.attendee_id);
      return ok('', await attendance.joinedEvents(db, session.userId, 'all'));
    },
  );

  app.get(
    '/api/v1/get-enrolled-event-list',
    {
      schema: {
        tags,
        summary: 'The events the caller joined that have not ended, soonest first',
        querystring: joinedEventsQuery,
        response: envelopes({ 200: joinedEventListSchema }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      assertSameUser(session, request.query.attendee_id);
      return ok('', await attendance.joinedEvents(db, session.userId, 'not-ended'));
    },
  );

  app.get(
    '/api/v1/get-attendee-event-details',
    {
      schema: {
        tags,
        summary: "The attendee's view of an event: own requests, host card, seq",
        querystring: attendeeEventDetailsQuery,
        response: envelopes({ 200: attendeeEventDetailsSchema }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      assertSameUser(session, request.query.attendee_id);
      const details = await attendance.details(db, session.userId, request.query.id);
      if (!details) throw notFound(ATTENDANCE_MSG.eventNotFound);
      return ok('', details);
    },
  );
};
