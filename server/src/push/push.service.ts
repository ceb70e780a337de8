import {
  PUSH_MSG,
  type PushSubscriptionJson,
  type SubscribePushBody,
  type UnsubscribePushBody,
} from '@floorfill/shared';
import type { Config } from '../config.ts';
import { fieldError, notFound } from '../http/errors.ts';
import type { Db } from '../infra/db.ts';
import { decryptSecret, encryptSecret } from '../wallets/secret-box.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';
import { deleteSubscription, saveSubscription } from './push.repository.ts';

/** What a subscription's sealed keys are bound to: its endpoint. */
const keysContext = (endpoint: string) => `push_subscriptions.keys:${endpoint}`;

/** A subscription's keys, sealed for the database (they let anyone encrypt to the phone). */
export function sealKeys(key: Buffer, subscription: PushSubscriptionJson): string {
  return encryptSecret(key, JSON.stringify(subscription.keys), keysContext(subscription.endpoint));
}

export function openKeys(
  key: Buffer,
  endpoint: string,
  sealed: string,
): PushSubscriptionJson['keys'] {
  return JSON.parse(
    decryptSecret(key, sealed, keysContext(endpoint)),
  ) as PushSubscriptionJson['keys'];
}

/**
 * Guests' phones subscribing to an event's notices, under their session:
 * the caller is the guest, the body only names the event and the phone.
 */
export function createPushService(config: Config, db: Db) {
  return {
    vapidPublicKey: config.push.vapid.publicKey,

    async subscribe(attendeeId: number, body: SubscribePushBody): Promise<void> {
      const { subscription } = body;
      if (!isAllowedPushEndpoint(subscription.endpoint, config.push)) {
        throw fieldError('subscription.endpoint', PUSH_MSG.endpointRefused);
      }
      const saved = await saveSubscription(db, {
        eventId: body.event_id,
        attendeeId,
        endpoint: subscription.endpoint,
        keysSealed: sealKeys(config.encryptionKey, subscription),
      });
      // Not joined, ended or no such event: the same answer, which tells a stranger nothing.
      if (!saved) throw notFound(PUSH_MSG.notJoined);
    },

    async unsubscribe(attendeeId: number, body: UnsubscribePushBody): Promise<void> {
      await deleteSubscription(db, body.event_id, attendeeId, body.endpoint);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
