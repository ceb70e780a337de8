import {
  pushSubscriptionData,
  pushVapidKeyData,
  type PushSubscriptionJson,
} from '@floorfill/shared';
import { api } from '@/lib/api-client';

/**
 * Web Push's three routes (issue 29). The session cookie says who the guest
 * is; the page sends only the event and the browser's subscription.
 */

/** The server's public VAPID key: the browser subscribes with it. */
export function getVapidKey() {
  return api.get('/api/v1/push/vapid-key', { schema: pushVapidKeyData });
}

/** This phone gets the event's notices (idempotent: the same endpoint again is fine). */
export function subscribePush(eventId: number, subscription: PushSubscriptionJson) {
  return api.post('/api/v1/push/subscribe', {
    body: { event_id: eventId, subscription },
    schema: pushSubscriptionData,
  });
}

/** This phone no longer gets the event's notices (idempotent). */
export function unsubscribePush(eventId: number, endpoint: string) {
  return api.post('/api/v1/push/unsubscribe', {
    body: { event_id: eventId, endpoint },
    schema: pushSubscriptionData,
  });
}
