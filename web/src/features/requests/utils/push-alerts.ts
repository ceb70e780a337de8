import { PUSH_MSG, pushSubscriptionSchema } from '@floorfill/shared';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { getVapidKey, subscribePush, unsubscribePush } from '../api/push-subscription';
import {
  alertsChoice,
  PUSH_ALERTS_WORDS,
  pushSupported,
  rememberAlertsChoice,
} from './push-alerts-state';

/**
 * Turning a guest's Web Push alerts on and off for an event (issue 29), in
 * a chunk of its own: fetched on the tap that needs it, never while the page
 * draws. Permission is asked before (in the tap, `askNotificationPermission`);
 * these only read its answer. Neither ever rejects: every way it can end is
 * an outcome the page can say.
 */

export type AlertsOutcome =
  /** The server took the subscription (or its removal): its `msg`. */
  | { kind: 'on' | 'off'; msg: string }
  /** The browser refuses notifications: the control says so. */
  | { kind: 'blocked' }
  /** The guest closed the browser's question without an answer: nothing changed. */
  | { kind: 'dismissed' }
  /** Not done: why, in words for the guest. */
  | { kind: 'failed'; msg: string };

/** How long a tap waits for the service worker (it installs once the page has drawn). */
export const WORKER_WAIT_MS = 10_000;

/** The bytes of a base64url text (padded or not); throws on anything else. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error('Not base64url.');
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  // atob throws on a length no encoding gives (one character past a multiple of four).
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function sameBytes(key: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!key || key.byteLength !== bytes.byteLength) return false;
  const held = new Uint8Array(key);
  return held.every((byte, index) => byte === bytes[index]);
}

/**
 * The service worker's registration once one is active, or null: none within
 * `waitMs`, or none at all (development builds register none, see
 * lib/service-worker.ts, and are not waited for).
 */
async function activeRegistration(waitMs: number): Promise<ServiceWorkerRegistration | null> {
  const container = navigator.serviceWorker;
  if (!import.meta.env.PROD) {
    const registration = await container.getRegistration().catch(() => undefined);
    if (!registration) return null;
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    container.ready.then(
      (registration) => {
        clearTimeout(timer);
        resolve(registration);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/**
 * The browser's subscription for the server's key: the one it has when it
 * was made with that key, else a new one (one made with another key is
 * dropped first: a browser holds one per site).
 */
async function subscriptionFor(
  registration: ServiceWorkerRegistration,
  key: Uint8Array<ArrayBuffer>,
): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export interface TurnOnOptions {
  /** How long to wait for the service worker; a tap waits less than a request sent in the background. */
  waitForWorkerMs?: number;
}

/**
 * Turns the guest's alerts on for the event: subscribes this browser with
 * the server's key (or reuses its subscription) and hands it to the server,
 * then remembers the choice. Permission must have been asked already.
 */
export async function turnOnAlerts(
  userId: number,
  eventId: number,
  { waitForWorkerMs = WORKER_WAIT_MS }: TurnOnOptions = {},
): Promise<AlertsOutcome> {
  if (!pushSupported()) return { kind: 'failed', msg: PUSH_ALERTS_WORDS.noPushService };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  if (Notification.permission !== 'granted') return { kind: 'dismissed' };

  const registration = await activeRegistration(waitForWorkerMs);
  if (!registration) return { kind: 'failed', msg: PUSH_ALERTS_WORDS.noWorker };

  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlToBytes((await getVapidKey()).data.public_key);
  } catch (error) {
    return { kind: 'failed', msg: errorMessageOf(error) };
  }

  let subscription: PushSubscription;
  try {
    subscription = await subscriptionFor(registration, key);
  } catch {
    // No push service reachable (a browser without one, a blocked network) or it refused.
    return { kind: 'failed', msg: PUSH_ALERTS_WORDS.noPushService };
  }
  const json = pushSubscriptionSchema.safeParse(subscription.toJSON());
  if (!json.success) return { kind: 'failed', msg: PUSH_ALERTS_WORDS.noPushService };

  try {
    const answer = await subscribePush(eventId, json.data);
    rememberAlertsChoice(userId, eventId, { on: true, endpoint: json.data.endpoint });
    return { kind: 'on', msg: answer.msg || PUSH_MSG.subscribed };
  } catch (error) {
    return { kind: 'failed', msg: errorMessageOf(error) };
  }
}

/** The endpoint of the browser's subscription, if it has one now. */
async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
  } catch {
    return null;
  }
}

/**
 * Turns the guest's alerts off for the event: the server forgets this
 * phone's subscription for it. The browser's subscription is kept: it is one
 * per site, and the guest's other events may use it. A refusal (4xx: the
 * guest left, the event ended) means the server sends nothing anyway, so the
 * choice is off then too; without an answer it stays on, to try again.
 */
export async function turnOffAlerts(userId: number, eventId: number): Promise<AlertsOutcome> {
  const endpoint = alertsChoice(userId, eventId)?.endpoint ?? (await currentEndpoint());
  let msg: string = PUSH_MSG.unsubscribed;
  if (endpoint) {
    try {
      msg = (await unsubscribePush(eventId, endpoint)).msg || msg;
    } catch (error) {
      const refused = isApiError(error) && error.httpStatus >= 400 && error.httpStatus < 500;
      if (refused) rememberAlertsChoice(userId, eventId, { on: false });
      return { kind: 'failed', msg: errorMessageOf(error) };
    }
  }
  rememberAlertsChoice(userId, eventId, { on: false });
  return { kind: 'off', msg };
}
