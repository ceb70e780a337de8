import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { PushSubscriptionJson } from '@floorfill/shared';
import {
  startFakePushService,
  type FakePushService,
} from '../server/test/helpers/fake-push-service.ts';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  PHONE,
  signUpAndLogIn,
  waitForServiceWorkerControl,
} from './support/app.ts';
import { expectToast, logToasts } from './support/toasts.ts';
import { test } from './support/test.ts';

/**
 * Web Push end to end (issue 29): a guest turns alerts on, requests a song
 * and closes the page; the DJ plays it; the server's push — encrypted, VAPID
 * signed, checked and opened by a push service on loopback — reaches the
 * phone's service worker, which shows "Playing now".
 *
 * Chromium's own push service is Google's (FCM), out of reach here, so the
 * phone's PushManager hands out the loopback push service's subscription
 * (the app's code calls subscribe() as in any browser), and that service
 * delivers what it took to the service worker as Chromium's would, through
 * the DevTools protocol's ServiceWorker.deliverPushMessage.
 */

const AGADOO = 'cat-black-lace--agadoo';

/** The phone's PushManager, answering with the loopback push service's subscription. */
async function phoneWithPushService(
  context: BrowserContext,
  subscription: PushSubscriptionJson,
  vapidKey: string,
): Promise<void> {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(
    ({ json, serverKey }) => {
      const bytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const key = bytes(serverKey);
      let current: PushSubscription | null = null;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const asked = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        if (asked.length !== key.length || asked.some((byte, i) => byte !== key[i])) {
          throw new DOMException('not the server key this push service knows', 'InvalidStateError');
        }
        current = {
          endpoint: json.endpoint,
          expirationTime: null,
          options: { applicationServerKey: key.buffer, userVisibleOnly: true },
          toJSON: () => json,
          unsubscribe: async () => {
            current = null;
            return true;
          },
          getKey: () => null,
        } as unknown as PushSubscription;
        return current;
      };
    },
    { json: subscription, serverKey: vapidKey },
  );
}

/** Hands each push the service took to the service worker of the app's origin. */
async function deliverToServiceWorker(
  pushService: FakePushService,
  keeper: Page,
  origin: string,
): Promise<void> {
  const cdp = await keeper.context().newCDPSession(keeper);
  let registrationId: string | undefined;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const ours = registrations.find(
      (registration) => !registration.isDeleted && registration.scopeURL === `${origin}/`,
    );
    if (ours) registrationId = ours.registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  pushService.onPush(async (push) => {
    if (!registrationId) throw new Error('no service worker registered to deliver to');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: push.text,
    });
  });
}

async function notificationTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((notification) => notification.title);
  });
}

test('a guest with alerts on hears "Playing now" with the page closed', async ({
  page: host,
  browser,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL ?? '').origin;
  const pushService = await startFakePushService();
  const phoneContext = await browser.newContext({ viewport: PHONE });
  try {
    await signUpAndLogIn(host, 'Push Host');
    const event = await createEventAsHost(host, 'Pocket Night');
    const key = await host.request.get('/api/v1/push/vapid-key');
    expect(key.ok(), await key.text()).toBe(true);
    const vapidKey = ((await key.json()) as { data: { public_key: string } }).data.public_key;
    await phoneWithPushService(phoneContext, pushService.subscribe(vapidKey), vapidKey);
    await logToasts(phoneContext);
    // A tab of the phone's browser that stays open: the DevTools session delivers through it.
    const keeper = await phoneContext.newPage();
    await deliverToServiceWorker(pushService, keeper, origin);

    const phone = await phoneContext.newPage();
    await phone.goto(`/e/${event.code}`);
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await expect(phone).toHaveURL(new RegExp(`/attendee/event/${event.id}$`));
    await waitForServiceWorkerControl(phone);

    const row = phone.getByText('Get an alert when your song is next');
    await expect(row).toBeVisible();
    await phone.screenshot({ path: 'test-results/screenshots/guest-alerts-off-375.png' });
    await phone.getByRole('button', { name: 'Turn on alerts' }).click();
    await expectToast(
      phone,
      'Alerts on: this phone will tell you when your song is up next and playing.',
    );
    await expect(phone.getByText('Alerts on this phone: on')).toBeVisible();

    const search = phone.getByLabel('Search songs');
    await search.fill('agadoo');
    const results = phone.getByRole('list', { name: 'Search results' });
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await results
      .getByRole('button', { name: /^Request Agadoo/ })
      .first()
      .click();
    const mine = phone.getByRole('list', { name: 'Your requests' }).getByRole('listitem');
    await expect(mine.filter({ hasText: 'Agadoo' })).toContainText('Up next');
    await search.fill('');
    await expectAccessible(phone);
    await captureScreens(phone, 'guest-alerts-on');
    await phone.close();

    const played = await host.request.post('/api/v1/mark-as-song-request', {
      data: { event_id: event.id, song_id: AGADOO, mark_as: 'playing' },
    });
    expect(played.ok(), await played.text()).toBe(true);

    // The phone shows it with no page of the app open.
    await keeper.goto('/robots.txt');
    await expect.poll(() => notificationTitles(keeper)).toEqual(['Playing now: Agadoo']);
    expect(pushService.refused).toEqual([]);
    expect(pushService.received).toHaveLength(1);
    expect(JSON.parse(pushService.received[0]?.text ?? '{}')).toMatchObject({
      kind: 'playing',
      body: 'Your song is playing at Pocket Night.',
      url: `/e/${event.code}`,
    });
  } finally {
    await phoneContext.close();
    await pushService.close();
  }
});
