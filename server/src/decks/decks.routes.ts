import {
  BRIDGE_MSG,
  bridgeEventQuery,
  bridgeKeySchema,
  bridgePanelData,
  bridgeStatusData,
  bridgeStatusQuery,
  bridgeTrackSchema,
  createBridgeKeyBody,
  deckSettingsSchema,
  pairBridgeBody,
  pairBridgeData,
  reportTrackData,
  revokeBridgeKeyBody,
  updateDeckSettingsBody,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerTokenOf, membersOnly, requireMember } from '../auth/auth.plugin.ts';
import { codeCallerOf } from '../http/busy-address.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { envelopes } from '../http/responses.ts';

/**
 * Following the decks (issue 28): the booth's bridge panel (the event's
 * host), and the bridge's own three calls under `/api/v1/bridge/`, which
 * take its token as `Authorization: Bearer` and nothing else: a bridge
 * token is no session, so every other route refuses it (401), and these
 * take no session.
 */
export const deckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { decks, failures } = app.services;
  const tags = ['Decks'];

  app.get(
    '/api/v1/get-bridge-panel',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "The booth's bridge panel (the host): deck settings, the event's bridge keys (never a token) and the last tracks bridges reported",
        querystring: bridgeEventQuery,
        response: envelopes({ 200: bridgePanelData }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      return ok('', await decks.panel(session.userId, request.query.event_id));
    },
  );

  app.post(
    '/api/v1/update-deck-settings',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          'Follow the decks on or off, and the seconds a deck plays a track before it counts (the host); bridges read them on their next call',
        body: updateDeckSettingsBody,
        response: envelopes({ 200: deckSettingsSchema }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      return ok(BRIDGE_MSG.settingsSaved, await decks.updateSettings(session.userId, request.body));
    },
  );

  app.post(
    '/api/v1/create-bridge-key',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          'A bridge key for the event (the host): its pairing code is in this answer only, good once for 10 minutes',
        body: createBridgeKeyBody,
        response: envelopes({ 201: bridgeKeySchema }),
      },
    },
    async (request, reply) => {
      const session = requireMember(request);
      const key = await decks.createKey(session.userId, request.body.event_id);
      return reply.status(201).send(ok(BRIDGE_MSG.keyCreated, key));
    },
  );

  app.post(
    '/api/v1/revoke-bridge-key',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary:
          "Revoke one of the event's bridge keys (the host): its bridge is refused from now on",
        body: revokeBridgeKeyBody,
        response: envelopes({ 200: z.object({ id: z.number().int() }) }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      const { event_id: eventId, key_id: keyId } = request.body;
      await decks.revokeKey(session.userId, eventId, keyId);
      return ok(BRIDGE_MSG.keyRevoked, { id: keyId });
    },
  );

  app.post(
    '/api/v1/bridge/pair',
    {
      schema: {
        tags,
        summary:
          "The bridge exchanges the booth's pairing code for its token (shown once), scoped to that event and to reporting tracks",
        body: pairBridgeBody,
        response: envelopes({ 200: pairBridgeData }),
      },
    },
    async (request) => {
      // Codes are guessed one try at a time, as event codes are: the same guard.
      const attempt = await failures.codes.admit(codeCallerOf(request));
      const paired = await decks.pair(request.body.pairing_code);
      if (!paired) {
        await failures.codes.wrong(attempt);
        throw notFound(BRIDGE_MSG.pairingCodeInvalid);
      }
      return ok(BRIDGE_MSG.paired, paired);
    },
  );

  app.get(
    '/api/v1/bridge/status',
    {
      schema: {
        tags,
        summary:
          "The bridge's event's deck settings (bridge token); the booth shows the bridge seen now, reading `source`",
        querystring: bridgeStatusQuery,
        response: envelopes({ 200: bridgeStatusData }),
      },
    },
    async (request) => {
      const caller = await decks.authenticate(bearerTokenOf(request));
      await decks.seen(caller, request.query.source);
      return ok('', caller.settings);
    },
  );

  app.post(
    '/api/v1/bridge/tracks',
    {
      schema: {
        tags,
        summary:
          'A track that started playing on the decks (bridge token): kept once per id; while the host follows the decks it marks the matching waiting song playing and the one before it played',
        body: bridgeTrackSchema,
        response: envelopes({ 200: reportTrackData }),
      },
    },
    async (request) => {
      const caller = await decks.authenticate(bearerTokenOf(request));
      return ok(BRIDGE_MSG.trackTaken, await decks.report(caller, request.body));
    },
  );
};
