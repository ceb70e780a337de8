import { EVENT_MSG, hostLandingQuery, PROFILE_MSG } from '@floorfill/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import { codeCallerOf } from '../http/busy-address.ts';
import { errorResponses, mediaResponse } from '../http/responses.ts';
import { normalizeEventCode } from '../events/event-code.ts';

/** Big enough to print, small enough to send; M recovers from a smudged or partly covered code. */
const QR_OPTIONS = { type: 'png', width: 512, margin: 2, errorCorrectionLevel: 'M' } as const;

/** A code can pass to another event once this one is deleted, so event images are kept briefly. */
const EVENT_QR_CACHE = 'public, max-age=300';
/** A profile's address (and the key its owner's link carries) never changes. */
const PROFILE_QR_CACHE = 'public, max-age=86400';

const EVENT_CODE_SHAPE = /^[A-Za-z0-9]{1,16}$/;

const downloadQuery = z.object({
  /** 1 or true: answered as an attachment, for the QR modal's Download button. */
  download: z.enum(['0', '1', 'false', 'true']).optional(),
});

function sendPng(
  reply: FastifyReply,
  png: Buffer,
  cacheControl: string,
  download: string | undefined,
  filename: string,
) {
  reply.header('content-type', 'image/png').header('cache-control', cacheControl);
  if (download === '1' || download === 'true') {
    reply.header('content-disposition', `attachment; filename="${filename}"`);
  }
  return reply.send(png);
}

/**
 * QR images of an event's attendee link and of a profile. Public: the code
 * and the profile link are what a host shares anyway, and a phone scanning a
 * printed code has no session.
 */
export const qrRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const { events, profiles, failures } = app.services;
  const tags = ['QR codes'];
  const png = (description: string) => ({
    200: mediaResponse('image/png', description, z.instanceof(Buffer)),
    ...errorResponses,
  });

  app.get(
    '/api/qr/events/:code.png',
    {
      schema: {
        tags,
        summary: "An event's QR code (public): its attendee link",
        params: z.object({ code: z.string() }),
        querystring: downloadQuery,
        response: png('The event QR, 512 px.'),
      },
    },
    async (request, reply) => {
      const code = normalizeEventCode(request.params.code);
      // A wrong code here tells as much as one at join-event: the same guard. The
      // event's own host (printing or showing the QR) is never counted or challenged.
      const event = EVENT_CODE_SHAPE.test(code) ? await events.findByCode(db, code) : undefined;
      const userId = request.session?.userId;
      if (!event || userId === undefined || event.host_id !== userId) {
        const attempt = await failures.codes.admit(codeCallerOf(request, code));
        if (!event) {
          await failures.codes.wrong(attempt);
          throw notFound(EVENT_MSG.notFound);
        }
      }
      const png = await QRCode.toBuffer(events.eventUrl(event.code), QR_OPTIONS);
      return sendPng(
        reply,
        png,
        EVENT_QR_CACHE,
        request.query.download,
        `floorfill-event-${event.code}.png`,
      );
    },
  );

  app.get(
    '/api/qr/profiles/:id.png',
    {
      schema: {
        tags,
        summary: "A profile's QR code (public): its profile link",
        params: z.object({ id: z.string() }),
        querystring: downloadQuery.extend({ k: hostLandingQuery.shape.k }),
        response: png('The profile QR, 512 px.'),
      },
    },
    async (request, reply) => {
      // Ids are walkable and keys guessable only by trying: the code guard.
      const attempt = await failures.codes.admit(codeCallerOf(request));
      const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
      const { k: key } = request.query;
      const exists =
        Number.isSafeInteger(id) &&
        id <= 2_147_483_647 &&
        (key === undefined || profiles.holdsLinkKey(id, key)) &&
        (await profiles.exists(db, id));
      if (!exists) {
        await failures.codes.wrong(attempt);
        throw notFound(PROFILE_MSG.notFound);
      }
      // With the key, the QR holds the link that carries it (the owner's); without, the id's.
      const png = await QRCode.toBuffer(profiles.profileUrl(id, key !== undefined), QR_OPTIONS);
      return sendPng(
        reply,
        png,
        PROFILE_QR_CACHE,
        request.query.download,
        `floorfill-profile-${id}.png`,
      );
    },
  );
};
