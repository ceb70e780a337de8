import {
  cancelSongRequestBody,
  cancelSongRequestData,
  markResult,
  markSongRequestBody,
  REQUEST_MSG,
  sendSongRequestBody,
  sendSongRequestData,
  type CancelSongRequestData,
  type MarkAs,
  type MarkResult,
  type SendSongRequestData,
} from '@floorfill/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember, requireSession } from '../auth/auth.plugin.ts';
import { createEventsService } from '../events/events.service.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { perUserRateLimit } from '../http/per-user-rate-limit.ts';
import { envelopes } from '../http/responses.ts';
import { pushPlayed, pushSongChange, pushStats } from './request-pushes.ts';
import { createRequestsService } from './requests.service.ts';

const MARKED_MSG: Record<MarkAs, string> = {
  played: REQUEST_MSG.markedPlayed,
  unplayed: REQUEST_MSG.markedUnplayed,
  delete: REQUEST_MSG.deleted,
};

/** Guests are refused before the body is read: marking is the host's. */
async function membersOnly(request: FastifyRequest): Promise<void> {
  requireMember(request);
}

/**
 * Song requests: send and cancel (attendees and guests who joined), mark as
 * played / unplayed / delete (the event's host; never a guest). Writes own
 * their transaction and push to the event's room only after it committed.
 */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, redis } = app.ctx;
  const requests = createRequestsService(createEventsService(config));
  const tags = ['Song requests'];

  app.post(
    '/api/v1/send-song-request',
    {
      schema: {
        tags,
        summary: 'Request a song: 201 when new, 200 when the caller had already requested it',
        body: sendSongRequestBody,
        response: envelopes({ 200: sendSongRequestData, 201: sendSongRequestData }),
      },
      config: { rateLimit: perUserRateLimit(config.songRequestRateLimitPerMinute, redis) },
    },
    async (request, reply) => {
      const session = requireSession(request);
      assertSameUser(session, request.body.attendee_id);
      const song = await requests.resolveSong(db, request.body);
      const outcome = await db
        .transaction()
        .execute((trx) => requests.send(trx, session.userId, request.body.event_id, song));
      const { change, grouped } = outcome;
      if (change) {
        const eventId = grouped.event_id;
        // A send moves a count: no other attendee's own request changed.
        pushSongChange(app.realtime, eventId, change.seq, {
          songId: grouped.song_id,
          grouped,
          audience: 'host',
        });
        pushStats(app.realtime, eventId, change.seq, change.stats);
      }
      const data: SendSongRequestData = {
        song_request: outcome.request,
        grouped_song_request: grouped,
        created: change !== null,
      };
      return reply
        .status(change ? 201 : 200)
        .send(ok(change ? REQUEST_MSG.requested : REQUEST_MSG.alreadyRequested, data));
    },
  );

  app.post(
    '/api/v1/cancel-song-request',
    {
      schema: {
        tags,
        summary: "Cancel the caller's request for a song",
        body: cancelSongRequestBody,
        response: envelopes({ 200: cancelSongRequestData }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { event_id: eventId, song_id: songId, attendee_id: claimed } = request.body;
      assertSameUser(session, claimed);
      const { song, change } = await db
        .transaction()
        .execute((trx) => requests.cancel(trx, session.userId, eventId, songId));
      pushSongChange(app.realtime, eventId, change.seq, song);
      pushStats(app.realtime, eventId, change.seq, change.stats);
      const data: CancelSongRequestData = {
        event_id: eventId,
        song_id: songId,
        grouped_song_request: song.grouped,
      };
      return ok(REQUEST_MSG.cancelled, data);
    },
  );

  app.post(
    '/api/v1/mark-as-song-request',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: 'Mark a song played or unplayed, or delete it (the host)',
        body: markSongRequestBody,
        response: envelopes({ 200: markResult }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const { event_id: eventId, song_id: songId, mark_as: markAs } = request.body;
      const outcome = await db
        .transaction()
        .execute((trx) => requests.mark(trx, session.userId, eventId, songId, markAs));
      const { song, change } = outcome;
      if (change) {
        pushSongChange(app.realtime, eventId, change.seq, song);
        pushStats(app.realtime, eventId, change.seq, change.stats);
        pushPlayed(app.realtime, eventId, change.seq, outcome.eventName, outcome.newlyPlayed);
      }
      const data: MarkResult = song.grouped ?? {
        removed: true,
        event_id: eventId,
        song_id: songId,
      };
      return ok(MARKED_MSG[markAs], data);
    },
  );
};
