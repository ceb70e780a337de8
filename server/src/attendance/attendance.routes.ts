import {
  ATTENDANCE_MSG,
  attendeeEventDetailsQuery,
  attendeeEventDetailsSchema,
  eventLandingQuery,
  eventLandingSchema,
  hostLandingQuery,
  hostLandingSchema,
  joinedEventListSchema,
  joinedEventsQuery,
  joinEventBody,
  joinEventData,
  leaveEventBody,
  leaveEventData,
  PROFILE_MSG,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/auth.plugin.ts';
import { normalizeEventCode } from '../events/event-code.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { codeCallerOf } from '../http/busy-address.ts';
import { envelopes } from '../http/responses.ts';
import type { JoinedEventsScope } from './attendance.service.ts';

/**
 * Attendance: get-event-landing and get-host-landing (public), join-event, leave-event, get-joined-events,
 * get-enrolled-event-list, get-attendee-event-details. Attendees and guests
 * alike; a claimed attendee id must be the caller. Joining and leaving are
 * live queue writes: one transaction, pushed to the event's room after it.
 */
/** The two lists of the events the caller joined: every one, or those that have not ended. */
const JOINED_EVENT_LISTS: { url: string; summary: string; which: JoinedEventsScope }[] = [
  {
    url: '/api/v1/get-joined-events',
    summary: 'The events the caller joined: not ended first, then ended',
    which: 'all',
  },
  {
    url: '/api/v1/get-enrolled-event-list',
    summary: 'The events the caller joined that have not ended, soonest first',
    which: 'not-ended',
  },
];

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const { attendance, liveQueue, failures, profiles } = app.services;
  const tags = ['Attendance'];

  app.get(
    '/api/v1/get-event-landing',
    {
      schema: {
        tags,
        summary: "An event's public landing by its code (no session): what its QR opens",
        querystring: eventLandingQuery,
        response: envelopes({ 200: eventLandingSchema }),
      },
    },
    async (request) => {
      // The same guard as a join: a wrong code here tells a guesser as much.
      const attempt = await failures.codes.admit(codeCallerOf(request, request.query.code));
      const landing = await attendance.landing(db, normalizeEventCode(request.query.code));
      if (!landing) {
        await failures.codes.wrong(attempt);
        throw notFound(ATTENDANCE_MSG.noEventForCode);
      }
      return ok('', landing);
    },
  );

  app.get(
    '/api/v1/get-host-landing',
    {
      schema: {
        tags,
        summary:
          "A host's public page by profile id (no session): their public face and live or next events; the events' codes only with the key of the host's own link (`k`)",
        querystring: hostLandingQuery,
        response: envelopes({ 200: hostLandingSchema }),
      },
    },
    async (request) => {
      // Ids are walkable and keys guessable only by trying: the landing's guard.
      const attempt = await failures.codes.admit(codeCallerOf(request));
      const { id, k: key } = request.query;
      const keyHeld = key !== undefined && profiles.holdsLinkKey(id, key);
      const landing =
        key === undefined || keyHeld ? await attendance.hostLanding(db, id, keyHeld) : null;
      if (!landing) {
        await failures.codes.wrong(attempt);
        throw notFound(PROFILE_MSG.notFound);
      }
      return ok('', landing);
    },
  );

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
      // Codes are short: wrong ones are counted per account (a 429 for that person)
      // and per address (past its budget, every try from it carries a challenge).
      const attempt = await failures.codes.admit({
        ...codeCallerOf(request, request.body.code),
        userId: session.userId,
      });
      const outcome = await liveQueue
        .join(session.userId, request.body.code)
        .catch(async (error) => {
          if (error instanceof HttpError && error.statusCode === 404) {
            await failures.codes.wrong(attempt);
          }
          throw error;
        });
      const event = attendance.joinedEvent(outcome);
      return ok(outcome.created ? ATTENDANCE_MSG.joined : ATTENDANCE_MSG.alreadyJoined, event);
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
      const { eventId, left } = await liveQueue.leave(session.userId, request.body.target);
      // Boosts on the requests the guest took away are let go.
      if (left) app.services.boosts.reviewSoon(eventId, request.log);
      return ok(left ? ATTENDANCE_MSG.left : ATTENDANCE_MSG.notJoined, {
        id: eventId,
        joined: false as const,
      });
    },
  );

  for (const list of JOINED_EVENT_LISTS) {
    app.get(
      list.url,
      {
        schema: {
          tags,
          summary: list.summary,
          querystring: joinedEventsQuery,
          response: envelopes({ 200: joinedEventListSchema }),
        },
      },
      async (request) => {
        const session = requireSession(request);
        assertSameUser(session, request.query.attendee_id);
        return ok('', await attendance.joinedEvents(db, session.userId, list.which));
      },
    );
  }

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
