import {
  cancelSongRequestBody,
  cancelSongRequestData,
  markResult,
  markSongRequestBody,
  REQUEST_MSG,
  sendSongRequestBody,
  sendSongRequestData,
  songRequestersData,
  songRequestersQuery,
  type CancelSongRequestData,
  type MarkAs,
  type MarkResult,
  exportSetListQuery,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membersOnly, requireMember, requireSession } from '../auth/auth.plugin.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { perUserRateLimit } from '../http/per-user-rate-limit.ts';
import { envelopes, errorResponses, mediaResponse } from '../http/responses.ts';
import {
  inPlayOrder,
  requestedSong,
  setListCsv,
  setListFileName,
  setListM3u,
  unrequestedTrack,
} from './set-list.ts';

const MARKED_MSG: Record<MarkAs, string> = {
  played: REQUEST_MSG.markedPlayed,
  unplayed: REQUEST_MSG.markedUnplayed,
  delete: REQUEST_MSG.deleted,
  playing: REQUEST_MSG.markedPlaying,
  later: REQUEST_MSG.markedLater,
  reject: REQUEST_MSG.markedRejected,
  restore: REQUEST_MSG.restored,
  allow: REQUEST_MSG.allowed,
};

/**
 * Song requests: send and cancel (attendees and guests who joined), mark as
 * played / unplayed / delete (the event's host; never a guest, refused before
 * the body is read). The live queue makes each change in one transaction and
 * pushes it after the commit.
 */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, redis } = app.ctx;
  const { decks, liveQueue, resolveSong } = app.services;
  const tags = ['Song requests'];

  app.post(
    '/api/v1/send-song-request',
    {
      schema: {
        tags,
        summary:
          'Request a song: 201 when new, 200 when the caller had already requested it; a repeated client_request_id answers the first answer again',
        body: sendSongRequestBody,
        response: envelopes({ 200: sendSongRequestData, 201: sendSongRequestData }),
      },
      config: { rateLimit: perUserRateLimit(config.songRequestRateLimitPerMinute, redis) },
    },
    async (request, reply) => {
      const session = requireSession(request);
      assertSameUser(session, request.body.attendee_id);
      const song = await resolveSong(request.body);
      const answer = await liveQueue.request(
        session.userId,
        request.body.event_id,
        song,
        request.body.message,
        request.body.client_request_id ?? undefined,
      );
      return reply.status(answer.status).send(ok(answer.msg, answer.data));
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
      const grouped = await liveQueue.cancel(session.userId, eventId, songId);
      // A boost on the cancelled request is let go.
      app.services.boosts.reviewSoon(eventId, request.log);
      const data: CancelSongRequestData = {
        event_id: eventId,
        song_id: songId,
        grouped_song_request: grouped,
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
        summary:
          'Mark a song played, unplayed, playing, later, rejected or restored, or delete it (the host); pushes the changes, event:now-playing and request:rejected',
        body: markSongRequestBody,
        response: envelopes({ 200: markResult }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const { event_id: eventId, song_id: songId, mark_as: markAs } = request.body;
      const grouped = await liveQueue.mark(session.userId, eventId, songId, markAs);
      const data: MarkResult = grouped ?? { removed: true, event_id: eventId, song_id: songId };
      return ok(MARKED_MSG[markAs], data);
    },
  );

  app.get(
    '/api/v1/get-song-requesters',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "Who asked for one song of the host's event, oldest first (the host)",
        querystring: songRequestersQuery,
        response: envelopes({ 200: songRequestersData }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const { event_id: eventId, song_id: songId } = request.query;
      return ok('', await liveQueue.requestersOf(db, session.userId, eventId, songId));
    },
  );

  app.get(
    '/api/v1/export-set-list',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "The host's set list: every played song in play order, as CSV (a spreadsheet) or M3U (a playlist)",
        querystring: exportSetListQuery,
        response: {
          200: mediaResponse(
            'text/csv',
            'The set list as CSV, or as M3U with format=m3u.',
            z.string(),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const session = requireMember(request);
      const { event_id: eventId, format } = request.query;
      const played = await liveQueue.setList(db, session.userId, eventId);
      const list = {
        event: played.event,
        songs: inPlayOrder([
          ...played.songs.map(({ song, playedAt }) => requestedSong(song, playedAt)),
          ...(await decks.unrequestedTracks(eventId)).map(unrequestedTrack),
        ]),
      };
      const body = format === 'm3u' ? setListM3u(list) : setListCsv(list);
      return reply
        .header(
          'content-type',
          format === 'm3u' ? 'audio/x-mpegurl; charset=utf-8' : 'text/csv; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="${setListFileName(list, format)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
