import { useSyncExternalStore } from 'react';

/**
 * Web Push alerts (issue 29), what the page knows without their code: whether
 * this browser can have them, whether the guest turned them on for an event
 * on this phone, and the browser's question for permission. Turning them on
 * or off (`push-alerts.ts`) is a chunk of its own, fetched on the tap that
 * needs it. Nothing here touches the browser while a page is drawn: the
 * server, and the first render in the browser, see the state `unknown`.
 *
 * What the guest chose is kept in localStorage, one key per user and event
 * (`floorfill.push-alerts.<user>.<event>`), so a reload shows it; the
 * browser's permission and subscription are read afresh each time.
 */

/** What the alerts control shows: nothing (unknown, unsupported), blocked, off or on. */
export type PushAlertsState = 'unknown' | 'unsupported' | 'blocked' | 'off' | 'on';

export const PUSH_ALERTS_WORDS = {
  on: 'Alerts on this phone: on',
  off: 'Get an alert when your song is next',
  blocked: "Alerts are blocked in this browser's settings",
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  turnOnLabel: 'Turn on alerts',
  turnOffLabel: 'Turn off alerts',
  /** No service worker took the page over in time (it installs once the page has drawn). */
  noWorker: 'Alerts are not ready on this phone yet. Try again in a moment.',
  /** The browser's push service refused or could not be reached. */
  noPushService: 'This browser could not set up alerts. Try again later.',
  /** The code for alerts could not be fetched (offline, or a new version came out). */
  notLoaded: 'Alerts could not load. Check your connection and try again.',
} as const;

const STORAGE_PREFIX = 'floorfill.push-alerts.';
/** Said on this window when this page changed a choice or the permission (`storage` says it for other tabs). */
const CHANGED_EVENT = 'floorfill:push-alerts';

export function pushAlertsStorageKey(userId: number, eventId: number): string {
  return `${STORAGE_PREFIX}${userId}.${eventId}`;
}

/** The guest's choice for an event on this phone; `endpoint` is the push address sent with "on". */
export interface AlertsChoice {
  on: boolean;
  endpoint?: string;
}

/** Where choices live when localStorage refuses to keep them (private modes, a full quota). */
const fallback = new Map<string, string>();

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? fallback.get(key) ?? null;
  } catch {
    return fallback.get(key) ?? null;
  }
}

/** The guest's choice for the event, or null when they never made one (anything unreadable is none). */
export function alertsChoice(userId: number, eventId: number): AlertsChoice | null {
  const raw = readRaw(pushAlertsStorageKey(userId, eventId));
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || !('on' in value)) return null;
    if (typeof value.on !== 'boolean') return null;
    const endpoint =
      'endpoint' in value && typeof value.endpoint === 'string' ? value.endpoint : undefined;
    return endpoint === undefined ? { on: value.on } : { on: value.on, endpoint };
  } catch {
    return null;
  }
}

function announceChange(): void {
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

export function rememberAlertsChoice(userId: number, eventId: number, choice: AlertsChoice): void {
  const key = pushAlertsStorageKey(userId, eventId);
  const raw = JSON.stringify(choice);
  try {
    localStorage.setItem(key, raw);
    fallback.delete(key);
  } catch {
    fallback.set(key, raw);
  }
  announceChange();
}

/** System notifications exist here (not on the server, not in every browser). */
export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/**
 * Web Push exists here: a service worker (only in a secure context), the
 * Push API and notifications. Safari on an iPhone has it only in the app
 * added to the home screen.
 */
export function pushSupported(): boolean {
  return notificationsSupported() && 'serviceWorker' in navigator && 'PushManager' in window;
}

/** The guest's alerts are on for the event on this phone, and the browser still allows them. */
export function alertsOn(userId: number, eventId: number): boolean {
  return (
    pushSupported() &&
    Notification.permission === 'granted' &&
    alertsChoice(userId, eventId)?.on === true
  );
}

/** What the control shows, read from the browser now. */
export function pushAlertsState(userId: number, eventId: number): PushAlertsState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return alertsOn(userId, eventId) ? 'on' : 'off';
}

/**
 * Asks the browser for permission to notify, when it was never answered.
 * Browsers ask only during the guest's tap: call it in the tap's handler,
 * before anything is awaited. Resolves with the answer (never rejects).
 */
export function askNotificationPermission(): Promise<NotificationPermission> {
  if (!notificationsSupported()) return Promise.resolve('denied');
  if (Notification.permission !== 'default') return Promise.resolve(Notification.permission);
  let asked: Promise<NotificationPermission> | undefined;
  try {
    asked = Notification.requestPermission();
  } catch {
    return Promise.resolve(Notification.permission);
  }
  // Old Safari answers through a callback only (and has no Web Push): its answer is read after.
  return Promise.resolve(asked).then(
    (answer) => {
      announceChange();
      return answer ?? Notification.permission;
    },
    () => Notification.permission,
  );
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(STORAGE_PREFIX)) listener();
  };
  // The guest may have changed the site's permission in the browser's settings meanwhile.
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED_EVENT, listener);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED_EVENT, listener);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * The alerts' state for the guest and event, live. `unknown` while the page
 * is the server's markup (and on the server), so both draw the same.
 */
export function usePushAlertsState(userId: number, eventId: number): PushAlertsState {
  return useSyncExternalStore(
    subscribe,
    () => pushAlertsState(userId, eventId),
    () => 'unknown',
  );
}
