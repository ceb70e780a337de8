import { PUSH_MSG } from '@floorfill/shared';
import { vi } from 'vitest';

/**
 * A browser with Web Push, for tests: notifications with a permission the
 * guest answers, a service worker whose push manager hands out
 * subscriptions, and the server's three push routes (for `stubApi`).
 */

/** Unpadded base64url, as the server and PushSubscription.toJSON() write keys. */
export function toBase64Url(bytes: Uint8Array): string {
  const base64 = btoa(String.fromCharCode(...bytes));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The server's public VAPID key: an uncompressed P-256 point (0x04 and 64 bytes). */
export const VAPID_KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) =>
  index === 0 ? 4 : index,
);
export const VAPID_KEY = toBase64Url(VAPID_KEY_BYTES);

export const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-phone';
export const OLD_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/made-with-another-key';

/** The keys the browser gives a subscription: a 65-byte P-256 key and a 16-byte secret. */
export const SUBSCRIPTION_KEYS = {
  p256dh: toBase64Url(Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : 200))),
  auth: toBase64Url(Uint8Array.from({ length: 16 }, (_, index) => index + 1)),
};

export interface FakePushOptions {
  /** Notification.permission before the guest is asked. */
  permission?: NotificationPermission;
  /** What the guest answers when asked. */
  answer?: NotificationPermission;
  /** Whether a service worker is registered and active (development builds have none). */
  worker?: boolean;
  /** The browser already holds a subscription made with this key. */
  existingKey?: Uint8Array;
  /** The push service cannot be reached: subscribing throws. */
  pushServiceDown?: boolean;
}

function fakeSubscription(key: Uint8Array, endpoint: string) {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: SUBSCRIPTION_KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
}
export type FakeSubscription = ReturnType<typeof fakeSubscription>;

/** Installs the fake browser; `removeFakePush` takes the service worker away again. */
export function fakePushBrowser({
  permission = 'default',
  answer = 'granted',
  worker = true,
  existingKey,
  pushServiceDown = false,
}: FakePushOptions = {}) {
  const state = { permission };
  class FakeNotification {
    static get permission(): NotificationPermission {
      return state.permission;
    }
    static requestPermission = vi.fn(async () => {
      state.permission = answer;
      return answer;
    });
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});

  const existing = existingKey ? fakeSubscription(existingKey, OLD_ENDPOINT) : null;
  let current: FakeSubscription | null = existing;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      if (pushServiceDown) {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      }
      current = fakeSubscription(options.applicationServerKey as Uint8Array, ENDPOINT);
      return current;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      // Without a worker, `ready` never settles: what a page without one waits for.
      ready: worker ? Promise.resolve(registration) : new Promise(() => undefined),
      getRegistration: vi.fn(async () => (worker ? registration : undefined)),
    },
  });
  return {
    requestPermission: FakeNotification.requestPermission,
    pushManager,
    existing,
    /** The browser's subscription now. */
    current: () => current,
  };
}

export function removeFakePush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

/** The server's answers to the push routes, each the spec's envelope; override one to refuse. */
export function pushRoutes(eventId: number) {
  return {
    '/api/v1/push/vapid-key': {
      body: { status: true, msg: '', data: { public_key: VAPID_KEY } },
    },
    '/api/v1/push/subscribe': {
      body: {
        status: true,
        msg: PUSH_MSG.subscribed,
        data: { event_id: eventId, subscribed: true },
      },
    },
    '/api/v1/push/unsubscribe': {
      body: {
        status: true,
        msg: PUSH_MSG.unsubscribed,
        data: { event_id: eventId, subscribed: false },
      },
    },
  };
}
