import { PUSH_MSG } from '@floorfill/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/render';
import {
  ENDPOINT,
  fakePushBrowser,
  OLD_ENDPOINT,
  pushRoutes,
  removeFakePush,
  SUBSCRIPTION_KEYS,
  toBase64Url,
  VAPID_KEY_BYTES,
} from '../testing/fake-push';
import { base64UrlToBytes, turnOffAlerts, turnOnAlerts, WORKER_WAIT_MS } from './push-alerts';
import { alertsChoice, PUSH_ALERTS_WORDS, pushAlertsStorageKey } from './push-alerts-state';

/**
 * Turning a phone's Web Push alerts on and off for an event (issue 29): the
 * browser's subscription made with the server's key, handed to the server
 * for the event, the choice remembered; every failure an outcome.
 */

const USER = 5;
const EVENT = 7;
const SUBSCRIBE = '/api/v1/push/subscribe';
const UNSUBSCRIBE = '/api/v1/push/unsubscribe';
const VAPID = '/api/v1/push/vapid-key';

afterEach(() => {
  removeFakePush();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('base64UrlToBytes', () => {
  it('reads base64url, unpadded or padded', () => {
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes('AQ')]).toEqual([1]);
    expect([...base64UrlToBytes('AQ==')]).toEqual([1]);
    expect([...base64UrlToBytes('')]).toEqual([]);
  });

  it('gives back the 65 bytes of a VAPID key', () => {
    const bytes = base64UrlToBytes(toBase64Url(VAPID_KEY_BYTES));
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([...VAPID_KEY_BYTES]);
  });

  it('refuses what is not base64url', () => {
    expect(() => base64UrlToBytes('AQ+/')).toThrow();
    expect(() => base64UrlToBytes('A B')).toThrow();
    // One character past a multiple of four is no encoding of any bytes.
    expect(() => base64UrlToBytes('AQIDB')).toThrow();
  });
});

describe('turnOnAlerts', () => {
  it('subscribes with the server’s key and hands the subscription to the server for the event', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    const calls = stubApi(pushRoutes(EVENT));

    const outcome = await turnOnAlerts(USER, EVENT);

    expect(outcome).toEqual({ kind: 'on', msg: PUSH_MSG.subscribed });
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect([...(options?.applicationServerKey as Uint8Array)]).toEqual([...VAPID_KEY_BYTES]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET ${VAPID}`,
      `POST ${SUBSCRIBE}`,
    ]);
    expect(calls[1]?.body).toEqual({
      event_id: EVENT,
      subscription: { endpoint: ENDPOINT, expirationTime: null, keys: SUBSCRIPTION_KEYS },
    });
    expect(alertsChoice(USER, EVENT)).toEqual({ on: true, endpoint: ENDPOINT });
    // Another guest on this phone, or another event, chose nothing.
    expect(alertsChoice(USER + 1, EVENT)).toBeNull();
    expect(alertsChoice(USER, EVENT + 1)).toBeNull();
  });

  it('reuses the browser’s subscription made with the same key', async () => {
    const browser = fakePushBrowser({ permission: 'granted', existingKey: VAPID_KEY_BYTES });
    const calls = stubApi(pushRoutes(EVENT));

    expect((await turnOnAlerts(USER, EVENT)).kind).toBe('on');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.existing?.unsubscribe).not.toHaveBeenCalled();
    expect(calls.find((call) => call.path === SUBSCRIBE)?.body).toMatchObject({
      subscription: { endpoint: OLD_ENDPOINT },
    });
  });

  it('replaces a subscription made with another key', async () => {
    const browser = fakePushBrowser({
      permission: 'granted',
      existingKey: Uint8Array.from({ length: 65 }, () => 9),
    });
    const calls = stubApi(pushRoutes(EVENT));

    expect((await turnOnAlerts(USER, EVENT)).kind).toBe('on');
    expect(browser.existing?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.path === SUBSCRIBE)?.body).toMatchObject({
      subscription: { endpoint: ENDPOINT },
    });
  });

  it('reads the permission’s answer: refused is blocked, unanswered changes nothing', async () => {
    fakePushBrowser({ permission: 'denied' });
    const calls = stubApi(pushRoutes(EVENT));
    expect(await turnOnAlerts(USER, EVENT)).toEqual({ kind: 'blocked' });

    fakePushBrowser({ permission: 'default' });
    expect(await turnOnAlerts(USER, EVENT)).toEqual({ kind: 'dismissed' });
    expect(calls).toEqual([]);
    expect(alertsChoice(USER, EVENT)).toBeNull();
  });

  it('does without when the page has no service worker (development), without waiting', async () => {
    const browser = fakePushBrowser({ permission: 'granted', worker: false });
    const calls = stubApi(pushRoutes(EVENT));

    expect(await turnOnAlerts(USER, EVENT)).toEqual({
      kind: 'failed',
      msg: PUSH_ALERTS_WORDS.noWorker,
    });
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('stops waiting for a service worker that never becomes active', async () => {
    vi.stubEnv('PROD', true);
    vi.useFakeTimers();
    fakePushBrowser({ permission: 'granted', worker: false });
    const calls = stubApi(pushRoutes(EVENT));

    let outcome: unknown;
    void turnOnAlerts(USER, EVENT).then((value) => {
      outcome = value;
    });
    await vi.advanceTimersByTimeAsync(WORKER_WAIT_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({ kind: 'failed', msg: PUSH_ALERTS_WORDS.noWorker });
    expect(calls).toEqual([]);
  });

  it('says so when the push service cannot be reached, and tells the server nothing', async () => {
    fakePushBrowser({ permission: 'granted', pushServiceDown: true });
    const calls = stubApi(pushRoutes(EVENT));

    expect(await turnOnAlerts(USER, EVENT)).toEqual({
      kind: 'failed',
      msg: PUSH_ALERTS_WORDS.noPushService,
    });
    expect(calls.map((call) => call.path)).toEqual([VAPID]);
    expect(alertsChoice(USER, EVENT)).toBeNull();
  });

  it('gives the server’s refusal in its words, and remembers nothing', async () => {
    fakePushBrowser({ permission: 'granted' });
    stubApi({
      ...pushRoutes(EVENT),
      [SUBSCRIBE]: { status: 422, body: { status: false, msg: PUSH_MSG.endpointRefused } },
    });

    expect(await turnOnAlerts(USER, EVENT)).toEqual({
      kind: 'failed',
      msg: PUSH_MSG.endpointRefused,
    });
    expect(alertsChoice(USER, EVENT)).toBeNull();
  });

  it('fails on a key the server answers that is not base64url', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    stubApi({
      ...pushRoutes(EVENT),
      [VAPID]: { body: { status: true, msg: '', data: { public_key: 'not a key!' } } },
    });

    expect((await turnOnAlerts(USER, EVENT)).kind).toBe('failed');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });
});

describe('turnOffAlerts', () => {
  it('tells the server to forget this phone for the event and keeps the browser’s subscription', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    const calls = stubApi(pushRoutes(EVENT));
    await turnOnAlerts(USER, EVENT);

    expect(await turnOffAlerts(USER, EVENT)).toEqual({ kind: 'off', msg: PUSH_MSG.unsubscribed });
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: UNSUBSCRIBE,
      body: { event_id: EVENT, endpoint: ENDPOINT },
    });
    expect(browser.current()?.unsubscribe).not.toHaveBeenCalled();
    expect(alertsChoice(USER, EVENT)).toEqual({ on: false });
  });

  it('stays on when the server could not be reached, and is off when it refuses', async () => {
    fakePushBrowser({ permission: 'granted' });
    localStorage.setItem(
      pushAlertsStorageKey(USER, EVENT),
      JSON.stringify({ on: true, endpoint: ENDPOINT }),
    );
    stubApi({
      ...pushRoutes(EVENT),
      [UNSUBSCRIBE]: { status: 503, body: { status: false, msg: 'Busy, try again.' } },
    });
    expect(await turnOffAlerts(USER, EVENT)).toEqual({ kind: 'failed', msg: 'Busy, try again.' });
    expect(alertsChoice(USER, EVENT)?.on).toBe(true);

    stubApi({
      ...pushRoutes(EVENT),
      [UNSUBSCRIBE]: { status: 404, body: { status: false, msg: PUSH_MSG.notJoined } },
    });
    expect(await turnOffAlerts(USER, EVENT)).toEqual({ kind: 'failed', msg: PUSH_MSG.notJoined });
    expect(alertsChoice(USER, EVENT)).toEqual({ on: false });
  });
});
