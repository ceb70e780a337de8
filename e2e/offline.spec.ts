import { REQUEST_MSG } from '@floorfill/shared';
import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  PHONE,
  signUpAndLogIn,
  waitForServiceWorkerControl,
  type CreatedEvent,
} from './support/app.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

/**
 * Bad venue Wi-Fi (issue 15): a guest's phone loses its connection, the
 * guest requests a song anyway, the phone keeps it ("will send when you're
 * back online") and sends it when the connection is back; the host gets it
 * exactly once. And when an answer is lost on the way back, the phone sends
 * the request again with the same key and the server does not double it.
 */

const SONG = 'Bohemian Rhapsody';
const SECOND_SONG = 'Agadoo';
const WAITING = "Will send when you're back online";

/** The requests the server holds for the host's event, by song title (the host's own view). */
async function requestsOnServer(request: APIRequestContext, event: CreatedEvent) {
  const response = await request.get(`/api/v1/get-event-details?id=${event.id}&include=requests`);
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    data: { song_requests: Array<{ song_name: string; attendee_name: string }> };
  };
  return body.data.song_requests.map((row) => `${row.song_name} (${row.attendee_name})`);
}

/** The search on the event page, typed as a guest types it; answers the result's Request button. */
async function searchFor(phone: Page, term: string, title: string) {
  await phone.getByLabel('Search songs').fill(term);
  const results = phone.getByRole('list', { name: 'Search results' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  const request = results.getByRole('button', { name: new RegExp(`^Request ${title}`) }).first();
  await expect(request).toBeVisible();
  return { results, request };
}

async function closeSearch(phone: Page) {
  await phone.getByLabel('Search songs').fill('');
  await expect(phone.getByRole('list', { name: 'Search results' })).toBeHidden();
}

test('a request made offline waits on the phone and reaches the host once, when the phone is back online', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, 'Wi-Fi Host');
  const tonight = await createEventAsHost(host, 'Basement Night', -20);
  await host.goto(`/host/event/${tonight.id}`);
  await expect(host.getByRole('heading', { level: 1, name: tonight.name })).toBeVisible();
  await expect(host.getByText('No song requests yet')).toBeVisible();

  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  await logToasts(context);
  try {
    const phone = await context.newPage();
    await phone.goto(`/e/${tonight.code}`);
    await phone.getByLabel('Your first name (optional)').fill('Noor');
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await expect(phone).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
    await expect(phone.getByRole('button', { name: 'Joined' })).toBeDisabled();

    // The search answered; then the Wi-Fi drops, and the guest taps Request.
    const { results, request: requestSong } = await searchFor(phone, 'Bohemian', SONG);
    await context.setOffline(true);
    await requestSong.click();
    await expectToast(phone, `“${SONG}” will send when you're back online.`);
    await expect(
      results.getByRole('button', { name: new RegExp(`^Cancel request for ${SONG}`) }).first(),
    ).toBeVisible();
    await closeSearch(phone);

    // Kept on the phone, said calmly: no error, the song waits in the guest's list.
    const waiting = phone.getByRole('list', { name: 'Waiting to send' });
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await expect(waiting.getByRole('listitem')).toContainText(SONG);
    await expect(waiting.getByText(WAITING)).toBeVisible();
    const alerts = await phone.evaluate(() => window.__alertsShown ?? []);
    expect(alerts.filter((text) => /error|failed|wrong/i.test(text))).toEqual([]);
    await expectAccessible(phone);
    await captureScreens(phone, 'offline-outbox');
    await phone.setViewportSize(PHONE);
    expect(await requestsOnServer(host.request, tonight)).toEqual([]);

    // Back online: it goes by itself, once, and the phone says so.
    await context.setOffline(false);
    await expectToast(phone, `“${SONG}” was sent to the DJ.`);
    await expect(waiting).toHaveCount(0);
    const own = phone.getByRole('list', { name: 'Your requests' }).getByRole('listitem');
    await expect(own).toHaveCount(1);
    await expect(own).toContainText(SONG);
    await expect(host.getByText('Requested by 1 attendee', { exact: true })).toBeVisible();
    expect(await requestsOnServer(host.request, tonight)).toEqual([`${SONG} (Noor)`]);

    // The live connection is back too: its return is also a moment to send what waits, so the
    // lost answer below must come after it, or that send would race the check of the list.
    await expect(phone.getByText('Live updates on')).toBeVisible();

    // An answer lost on its way back: the server took the request, the phone heard nothing.
    const { request: requestSecond } = await searchFor(phone, 'agadoo', SECOND_SONG);
    // Every answer is lost until the reload below, so a resend the phone makes on its own
    // meanwhile (its periodic retry, the live connection's return) is lost too: the list
    // checked here cannot empty under the test's feet, and the server still holds one request.
    const statuses: number[] = [];
    const loseAnswers = async (route: Route) => {
      const response = await route.fetch();
      statuses.push(response.status());
      await route.abort('connectionreset');
    };
    await phone.route('**/api/v1/send-song-request', loseAnswers);
    await requestSecond.click();
    await expectToast(phone, `“${SECOND_SONG}” will send when you're back online.`);
    await closeSearch(phone);
    await expect(
      phone.getByRole('list', { name: 'Waiting to send' }).getByRole('listitem'),
    ).toContainText(SECOND_SONG);
    await phone.unroute('**/api/v1/send-song-request', loseAnswers);
    // The first went in (201); any resend got the kept first answer (201), never a second row.
    expect(statuses.length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201)).toBe(true);

    // The next page load sends it again with the same key: the first answer, no second request.
    const resent = phone.waitForResponse('**/api/v1/send-song-request');
    await phone.reload();
    const again = await resent;
    expect(again.status()).toBe(201);
    expect(((await again.json()) as { msg: string }).msg).toBe(REQUEST_MSG.requested);
    await expectToast(phone, `“${SECOND_SONG}” was sent to the DJ.`);
    await expect(phone.getByRole('list', { name: 'Waiting to send' })).toHaveCount(0);
    await expect(
      phone.getByRole('list', { name: 'Your requests' }).getByRole('listitem'),
    ).toHaveCount(2);
    expect((await requestsOnServer(host.request, tonight)).sort()).toEqual([
      `${SECOND_SONG} (Noor)`,
      `${SONG} (Noor)`,
    ]);
    await expect(host.getByText('Requested by 1 attendee', { exact: true })).toHaveCount(2);
  } finally {
    await context.close();
  }
});

test('a guest who reloads the event page offline stays signed in: the page, the offline notice and the kept request', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, 'Wi-Fi Host');
  const tonight = await createEventAsHost(host, 'Cellar Night', -20);

  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  await logToasts(context);
  try {
    const phone = await context.newPage();
    await phone.goto(`/e/${tonight.code}`);
    await phone.getByLabel('Your first name (optional)').fill('Noor');
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await expect(phone).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
    await expect(phone.getByRole('button', { name: 'Joined' })).toBeDisabled();
    await waitForServiceWorkerControl(phone);

    // Offline, a request waits on the phone; then the guest reloads the page.
    const { request: requestSong } = await searchFor(phone, 'Bohemian', SONG);
    await context.setOffline(true);
    await requestSong.click();
    await expectToast(phone, `“${SONG}” will send when you're back online.`);
    await phone.reload();

    // The shell came from the service worker, the session from what the phone last knew:
    // the event page, not the login form, says it is offline and shows what waits.
    await expect(phone).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
    await expect(phone.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    const waiting = phone.getByRole('list', { name: 'Waiting to send' });
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await expect(waiting.getByRole('listitem')).toContainText(SONG);
    await expect(phone.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
    await expectAccessible(phone);
    await captureScreens(phone, 'offline-reload');
    await phone.setViewportSize(PHONE);

    // Back online: still the same guest; the event comes back and the request goes, once.
    await context.setOffline(false);
    await expectToast(phone, `“${SONG}” was sent to the DJ.`);
    await expect(phone.getByRole('heading', { level: 1, name: tonight.name })).toBeVisible();
    await expect(phone.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
    await expect(
      phone.getByRole('list', { name: 'Your requests' }).getByRole('listitem'),
    ).toContainText(SONG);
    expect(await requestsOnServer(host.request, tonight)).toEqual([`${SONG} (Noor)`]);
  } finally {
    await context.close();
  }
});
