import {
  createEventShape,
  deletedEventSchema,
  endAfterStart,
  EVENT_MSG,
  eventCalendarQuery,
  eventCalendarSchema,
  hostEventDetailsQuery,
  eventListQuery,
  eventSummarySchema,
  hostDashboardDataSchema,
  hostEventDetailsSchema,
  hostOnlyQuery,
  idField,
  pagedEnvelopeSchema,
  UPCOMING_EVENTS_MAX,
  updateEventShape,
  REQUEST_RULE_MSG,
  requestSettingsSchema,
  updateRequestSettingsBody,
  eventAttendeesData,
  eventAttendeesQuery,
  allowGuestNameBody,
  GUEST_NAME_MSG,
  NIGHT_SUMMARY_BUCKET_MINUTES,
  NIGHT_SUMMARY_TOP_SIZE,
  nightSummaryQuery,
  nightSummarySchema,
  type NightSummary,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membersOnly, requireMember } from '../auth/auth.plugin.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { envelopes, errorResponses } from '../http/responses.ts';
import {
  answerOversizedUploadsAsFieldErrors,
  IMAGE_FORM_ROUTE,
  DATA_URL_MAX_CHARS,
  imageInputField,
  prepareImageField,
} from '../uploads/image-input.ts';
import { createUploadStore, withStoredUploads } from '../uploads/upload-store.ts';
import { boostTotals } from '../boosts/boosts.repository.ts';
import { eventTipTotals, hostTipTotals } from '../payments/payments.service.ts';
import { assertSameUser } from './identity.ts';

/** store-event: the create form's fields plus an optional banner file (or data URL). */
const storeEventBody = z
  .object({ ...createEventShape, banner: imageInputField })
  .superRefine(endAfterStart);
/** update-event: JSON with a data-URL banner (the spec's client) or multipart with a file. */
const updateEventBody = z
  .object({ ...updateEventShape, banner: imageInputField })
  .superRefine(endAfterStart);
const deleteEventBody = z.object({ id: idField, host_id: idField.optional() });

/** A JSON body carrying a base64 banner: the image limit plus room for the other fields. */
const EVENT_BODY_LIMIT = DATA_URL_MAX_CHARS + 64 * 1024;

/** The host's events: spec §7 event rows, the dashboard data and calendar. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const { decks, events, profiles, liveQueue } = app.services;
  const uploads = createUploadStore(config.dataDir, app.log);
  answerOversizedUploadsAsFieldErrors(app);
  const tags = ['Events (host)'];

  // Realtime asks the events feature who may watch an event's room: same rule as the details calls.
  app.addHook('onReady', async () => {
    app.realtime.authorizeEventRoomsWith((session, eventId) =>
      events.roomAccess(db, session.userId, eventId),
    );
  });

  app.get(
    '/api/v1/get-event-list',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "A page of the host's events; `pagination` sits beside `data`",
        querystring: eventListQuery,
        response: { 200: pagedEnvelopeSchema(z.array(eventSummarySchema)), ...errorResponses },
      },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.query.host_id);
      const { events: list, pagination } = await events.list(db, session.userId, request.query);
      // Spec §7: pagination sits beside data.
      return { ...ok('', list), pagination };
    },
  );

  app.get(
    '/api/v1/get-event-calendar',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "Days of a month with events starting on them, in the host's time zone",
        querystring: eventCalendarQuery,
        response: envelopes({ 200: eventCalendarSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.query.host_id);
      return ok(
        '',
        await events.calendar(db, session.userId, request.query.month, request.query.tz),
      );
    },
  );

  app.get(
    '/api/v1/get-upcoming-event-list',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "The host's events not yet ended, soonest first",
        querystring: hostOnlyQuery,
        response: envelopes({ 200: z.array(eventSummarySchema) }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.query.host_id);
      return ok('', await events.upcoming(db, session.userId, UPCOMING_EVENTS_MAX));
    },
  );

  app.get(
    '/api/v1/get-host-dashboard-data',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "The host's totals: events, attendees, requests and paid tips",
        querystring: hostOnlyQuery,
        response: envelopes({ 200: hostDashboardDataSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.query.host_id);
      const totals = await events.dashboard(db, session.userId);
      return ok('', {
        ...totals,
        tips: await hostTipTotals(db, session.userId),
        boosts: await boostTotals(db, { hostId: session.userId }),
      });
    },
  );

  app.post(
    '/api/v1/store-event',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: 'Create an event (banner as a file or a data URL)',
        body: storeEventBody,
        response: envelopes({ 201: eventSummarySchema }),
      },
      bodyLimit: EVENT_BODY_LIMIT,
      config: { ...IMAGE_FORM_ROUTE, oversizedBodyField: 'banner' },
    },
    async (request, reply) => {
      const session = requireMember(request);
      const { banner, host_id: claimedHost, ...form } = request.body;
      assertSameUser(session, claimedHost);
      const webp = await prepareImageField(banner, 'banner', 'banner');
      const bannerPath = webp ? await uploads.save('banner', webp) : null;
      const event = await withStoredUploads(uploads, [bannerPath], () =>
        db.transaction().execute((trx) => events.create(trx, session.userId, form, bannerPath)),
      );
      return reply.status(201).send(ok(EVENT_MSG.created, event));
    },
  );

  app.post(
    '/api/v1/update-event',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: 'Update an event; pushes event:updated',
        body: updateEventBody,
        response: envelopes({ 200: eventSummarySchema }),
      },
      bodyLimit: EVENT_BODY_LIMIT,
      config: { ...IMAGE_FORM_ROUTE, oversizedBodyField: 'banner' },
    },
    async (request) => {
      const session = requireMember(request);
      const { id, banner, host_id: claimedHost, ...form } = request.body;
      assertSameUser(session, claimedHost);
      const webp = await prepareImageField(banner, 'banner', 'banner');
      const bannerPath = webp ? await uploads.save('banner', webp) : undefined;
      const result = await withStoredUploads(uploads, [bannerPath], () =>
        db.transaction().execute((trx) => events.update(trx, session.userId, id, form, bannerPath)),
      );
      if (!result) {
        await uploads.remove(bannerPath);
        throw notFound(EVENT_MSG.notFound);
      }
      await uploads.remove(result.replacedBanner);
      app.realtime.toEvent(id, 'event:updated', {
        eventId: id,
        seq: result.seq,
        event: result.event,
      });
      app.realtime.displayChanged(id);
      return ok(EVENT_MSG.updated, result.event);
    },
  );

  app.post(
    '/api/v1/update-request-settings',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "The host's request controls for an event (any of them); answers and pushes event:settings with the whole settings",
        body: updateRequestSettingsBody,
        response: envelopes({ 200: requestSettingsSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      // Boosts need a way to take the money: the host's payment account, in its currency.
      const boostCurrency =
        request.body.boosts_enabled === true
          ? await app.services.boosts.currencyForHost(db, session.userId)
          : undefined;
      const changed = await events.updateRequestSettings(
        db,
        session.userId,
        request.body,
        boostCurrency,
      );
      if (!changed) throw notFound(EVENT_MSG.notFound);
      const eventId = request.body.event_id;
      app.realtime.toEvent(eventId, 'event:settings', {
        eventId,
        seq: changed.seq,
        settings: changed.settings,
      });
      // The big screen shows whether requests are open, maybe who asked, and (with the
      // guests' line) the waiting songs in the host's order.
      app.realtime.queueShown(eventId);
      return ok(REQUEST_RULE_MSG.saved, changed.settings);
    },
  );

  app.post(
    '/api/v1/delete-event',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: 'Delete an event with its requests and attendance; pushes event:deleted',
        body: deleteEventBody,
        response: envelopes({ 200: deletedEventSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const { id, host_id: claimedHost } = request.body;
      assertSameUser(session, claimedHost);
      const deleted = await db
        .transaction()
        .execute((trx) => events.remove(trx, session.userId, id));
      if (!deleted) throw notFound(EVENT_MSG.notFound);
      app.realtime.toEvent(id, 'event:deleted', { eventId: id, seq: deleted.seq });
      return ok(EVENT_MSG.deleted, { id });
    },
  );

  app.get(
    '/api/v1/get-event-attendees',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "Who joined the host's event, newest first, with their requests in it",
        querystring: eventAttendeesQuery,
        response: envelopes({ 200: eventAttendeesData }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const attendees = await liveQueue.attendees(db, session.userId, request.query.event_id);
      return ok('', { attendees });
    },
  );

  app.post(
    '/api/v1/allow-guest-name',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          'The host lets the big screen show a guest\'s name the text screen holds (shown as "a guest" until then)',
        body: allowGuestNameBody,
        response: envelopes({ 200: z.null() }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const { event_id: eventId, attendee_id: attendeeId } = request.body;
      if (!(await liveQueue.allowName(session.userId, eventId, attendeeId))) {
        throw notFound(GUEST_NAME_MSG.notFound);
      }
      app.realtime.displayChanged(eventId);
      return ok(GUEST_NAME_MSG.allowed, null);
    },
  );

  app.get(
    '/api/v1/get-night-summary',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "The host's night summary: songs played, requests, unique requesters, requests per 10 minutes and their peak, the top 10 songs, tips",
        querystring: nightSummaryQuery,
        response: envelopes({ 200: nightSummarySchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const eventId = request.query.event_id;
      const { per_bucket: perBucket, ...figures } = await liveQueue.nightFigures(
        db,
        session.userId,
        eventId,
        { bucketMinutes: NIGHT_SUMMARY_BUCKET_MINUTES, top: NIGHT_SUMMARY_TOP_SIZE },
      );
      const summary: NightSummary = {
        ...figures,
        played_not_requested: (await decks.unrequestedTracks(eventId)).length,
        per_10_minutes: perBucket,
        tips: await eventTipTotals(db, session.userId, eventId),
        boosts: await boostTotals(db, { hostId: session.userId, eventId }),
      };
      return ok('', summary);
    },
  );

  app.get(
    '/api/v1/get-event-details',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "The host's view of an event: the grouped queue and seq (every request with include=requests)",
        querystring: hostEventDetailsQuery,
        response: envelopes({ 200: hostEventDetailsSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const details = await events.details(db, session.userId, request.query.id, {
        withRequests: request.query.include === 'requests',
      });
      if (!details) throw notFound(EVENT_MSG.notFound);
      const host = await profiles.hostCard(db, session.userId);
      if (!host) throw notFound(EVENT_MSG.notFound);
      return ok('', { ...details, host });
    },
  );
};
