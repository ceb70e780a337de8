import { pushNoticeFor } from '@floorfill/shared';
import { describe, expect, it, vi } from 'vitest';
import source from '../../public/push-handler.js?raw';

/**
 * The service worker's push handlers (public/push-handler.js, loaded by
 * sw.js with importScripts), run against a stand-in for the worker's `self`:
 * every push shows a notification (the server's words, or a plain one), and
 * a tap opens only a page of this site.
 */

const ORIGIN = 'https://floorfill.test';

type Listener = (event: Record<string, unknown>) => void;

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, { controlled = true } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => {
      if (!controlled) throw new TypeError('This service worker is not the client’s active one.');
      client.url = to;
      return client;
    }),
  };
  return client;
}

/** Runs the handler file in a fake worker; returns what it registered and what it did. */
function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => {});
  const openWindow = vi.fn(async (_url: string) => null);
  const matchAll = vi.fn(async () => windows);
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification },
    clients: { matchAll, openWindow },
  };
  new Function('self', source)(self);

  /** Dispatches an event with `waitUntil`, and resolves once what it waits for is done. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    let waited: Promise<unknown> = Promise.resolve();
    listener({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  }

  return {
    showNotification,
    openWindow,
    push: (data: { json: () => unknown } | null) => dispatch('push', { data }),
    click: (data: unknown) => {
      const close = vi.fn();
      return { close, done: dispatch('notificationclick', { notification: { data, close } }) };
    },
  };
}

const notice = pushNoticeFor('up-next', {
  songName: 'Bohemian Rhapsody',
  eventName: 'Neon Nights',
  eventCode: 'ABC234',
  eventId: 7,
  songId: 'cat-queen--bohemian-rhapsody',
});

describe('push', () => {
  it('shows the notice’s words, replacing one of the same song and alerting again', async () => {
    const worker = loadWorker();
    await worker.push({ json: () => notice });

    expect(worker.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = worker.showNotification.mock.calls[0] ?? [];
    expect(title).toBe('Up next: Bohemian Rhapsody');
    expect(options).toEqual({
      body: 'Your song is next at Neon Nights.',
      tag: 'song:7:cat-queen--bohemian-rhapsody',
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: '/e/ABC234' },
    });
  });

  it('shows a plain Floorfill notification for a push without a notice', async () => {
    const cases: Array<{ json: () => unknown } | null> = [
      null,
      {
        json: () => {
          throw new SyntaxError('Unexpected token');
        },
      },
      { json: () => 'just text' },
      { json: () => ({ kind: 'playing', body: 'no title' }) },
    ];
    for (const data of cases) {
      const worker = loadWorker();
      await worker.push(data);
      expect(worker.showNotification).toHaveBeenCalledTimes(1);
      const [title, options] = worker.showNotification.mock.calls[0] ?? [];
      expect(title).toBe('Floorfill');
      expect(options).toMatchObject({ tag: 'floorfill', renotify: true, data: { url: '/start' } });
    }
  });
});

describe('notificationclick', () => {
  it('closes the notification and opens the notice’s page when no window of the app is open', async () => {
    const worker = loadWorker();
    const { close, done } = worker.click({ url: '/e/ABC234' });
    await done;
    expect(close).toHaveBeenCalledTimes(1);
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/e/ABC234`);
  });

  it('brings forward a window already on that page', async () => {
    const onPage = fakeWindow(`${ORIGIN}/e/ABC234?from=qr`);
    const other = fakeWindow(`${ORIGIN}/attendee/dashboard`);
    const worker = loadWorker([other, onPage]);
    await worker.click({ url: '/e/ABC234' }).done;
    expect(onPage.focus).toHaveBeenCalledTimes(1);
    expect(other.focus).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('sends another window of the app there, or opens one when it cannot', async () => {
    const other = fakeWindow(`${ORIGIN}/attendee/dashboard`);
    const worker = loadWorker([other]);
    await worker.click({ url: '/e/ABC234' }).done;
    expect(other.navigate).toHaveBeenCalledWith(`${ORIGIN}/e/ABC234`);
    expect(worker.openWindow).not.toHaveBeenCalled();

    const uncontrolled = fakeWindow(`${ORIGIN}/attendee/dashboard`, { controlled: false });
    const second = loadWorker([uncontrolled]);
    await second.click({ url: '/e/ABC234' }).done;
    expect(second.openWindow).toHaveBeenCalledWith(`${ORIGIN}/e/ABC234`);
  });

  it('never opens another site: anything but a path of this one opens the app’s start', async () => {
    for (const url of [
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example/phish',
      'javascript:alert(1)',
      `${ORIGIN}/e/ABC234`,
      42,
      undefined,
    ]) {
      const worker = loadWorker();
      await worker.click({ url }).done;
      expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/start`);
    }
    const worker = loadWorker();
    await worker.click(null).done;
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/start`);
  });
});
