import {
  PUSH_MSG,
  pushSubscriptionData,
  pushVapidKeyData,
  subscribePushBody,
  unsubscribePushBody,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/auth.plugin.ts';
import { ok } from '../http/envelope.ts';
import { envelopes } from '../http/responses.ts';

/**
 * Web Push (issue 29): the server's public VAPID key, and a guest's phone
 * subscribing to or leaving an event's notices. The guest is the session;
 * the body names only the event and the phone's subscription.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { push } = app.services;
  const tags = ['Web Push'];

  app.get(
    '/api/v1/push/vapid-key',
    {
      schema: {
        tags,
        summary: "The server's public VAPID key, which a page subscribes to its push service with",
        response: envelopes({ 200: pushVapidKeyData }),
      },
    },
    async () => ok('', { public_key: push.vapidPublicKey }),
  );

  app.post(
    '/api/v1/push/subscribe',
    {
      schema: {
        tags,
        summary:
          "This phone hears the caller's songs of the event (up next, playing, rejected) by Web Push; the same phone again replaces its keys",
        body: subscribePushBody,
        response: envelopes({ 200: pushSubscriptionData }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await push.subscribe(session.userId, request.body);
      return ok(PUSH_MSG.subscribed, { event_id: request.body.event_id, subscribed: true });
    },
  );

  app.post(
    '/api/v1/push/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'This phone no longer hears the event by Web Push (nothing to forget answers the same)',
        body: unsubscribePushBody,
        response: envelopes({ 200: pushSubscriptionData }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await push.unsubscribe(session.userId, request.body);
      return ok(PUSH_MSG.unsubscribed, { event_id: request.body.event_id, subscribed: false });
    },
  );
};
