import { REQUEST_MSG } from '@floorfill/shared';
import { expect, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  captureScreens,
  createEventAsHost,
  sessionUserId,
  createVerifiedAccount,
  expectAccessible,
  LAPTOP,
  PHONE,
  signUpAndLogIn,
} from './support/app.ts';
import { holdMainScript } from './support/held-script.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

/** The URL inside the event's QR image, read from its pixels as a phone camera would. */
function urlInQr(page: Page, code: string): Promise<string> {
  return urlInQrImage(page, `/api/qr/events/${code}.png`);
}

/** The URL inside a QR image of the app, read from its pixels. */
async function urlInQrImage(page: Page, imagePath: string): Promise<string> {
  const response = await page.request.get(imagePath);
  expect(response.ok()).toBe(true);
  const png = PNG.sync.read(await response.body());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded, 'a readable QR code').not.toBeNull();
  return decoded?.data ?? '';
}

/** A phone with nothing on it: no cookie, no storage; every 401 it logs is kept. */
async function freshPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  await logToasts(context);
  const page = await context.newPage();
  const unauthorized: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('401')) {
      unauthorized.push(message.text());
    }
  });
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(response.url());
  });
  return { context, page, unauthorized };
}

test('a guest scans the QR, joins in one tap and requests a song, with no 401 on the way', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, 'Rio Host');
  const tonight = await createEventAsHost(host, 'Harbour Lights', -30);
  const url = await urlInQr(host, tonight.code);
  expect(new URL(url).pathname).toBe(`/e/${tonight.code}`);

  const { context, page: phone, unauthorized } = await freshPhone(browser);
  let taps = 0;
  const tap = async (action: Promise<void>) => {
    taps += 1;
    await action;
  };

  await phone.goto(url);
  await expect(phone.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
  await expect(phone.getByText('Hosted by Rio Host')).toBeVisible();
  await expect(phone.getByText('Requests open')).toBeVisible();
  await expect(phone.getByText('0 people are here')).toBeVisible();
  await expectAccessible(phone);
  await captureScreens(phone, 'room-landing');
  await phone.setViewportSize(PHONE);

  await phone.getByLabel('Your first name (optional)').fill('Mia');
  await tap(phone.getByRole('button', { name: 'Join as guest' }).click());
  await expect(phone).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
  await expect(phone.getByRole('button', { name: 'Joined' })).toBeDisabled();
  expect(taps).toBeLessThanOrEqual(2);

  // Request first: the search box has the cursor; typing is not a tap, picking the song is.
  const search = phone.getByLabel('Search songs');
  await expect(search).toBeFocused();
  await search.fill('Bohemian');
  const results = phone.getByRole('list', { name: 'Search results' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  const pick = results.getByRole('button', { name: /^Request Bohemian Rhapsody/ }).first();
  // On a 375×667 phone, without scrolling.
  await expect(pick).toBeInViewport();
  await tap(pick.click());
  await expect(
    results.getByRole('button', { name: /^Cancel request for Bohemian Rhapsody/ }).first(),
  ).toBeVisible();
  expect(taps).toBeLessThanOrEqual(4);

  // The host sees who asked, by the first name given on the landing.
  await host.goto(`/host/event/${tonight.id}`);
  await expect(host.getByText('Requested by 1 attendee', { exact: true })).toBeVisible();

  // The name is remembered on the phone for the next landing.
  await phone.goto(url);
  expect(await phone.evaluate(() => localStorage.getItem('floorfill.guest-name'))).toBe('Mia');
  expect(unauthorized).toEqual([]);
  await context.close();
});

test('a host opening an event link joins it as an attendee, told so, with a way back', async ({
  page: dj,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(dj, 'Other Host');
  const { page: owner, context } = await freshPhone(browser);
  await signUpAndLogIn(owner, 'Rio Host');
  const tonight = await createEventAsHost(owner, 'Dock Party', -10);
  const url = await urlInQr(owner, tonight.code);

  await dj.goto(url);
  await expect(dj).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
  await expect(dj.getByText('You are in attendee mode')).toBeVisible();
  await expect(dj.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await dj.getByRole('button', { name: 'Back to host mode' }).click();
  await expect(dj).toHaveURL(/\/host\/dashboard/);
  await context.close();
});

test('a new account that signs in from the landing, even before its script runs, lands on the event', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(page, 'Rio Host');
  const tonight = await createEventAsHost(page, 'Rooftop', -10);
  const url = await urlInQr(page, tonight.code);
  const fan = await createVerifiedAccount(request, 'New Fan');

  const { context, page: phone, unauthorized } = await freshPhone(browser);
  // Tapped on the page as the server drew it, before the app's script has run: a plain link.
  const script = await holdMainScript(phone);
  await phone.goto(url, { waitUntil: 'commit' });
  await phone.getByRole('link', { name: 'Sign in' }).click();
  await expect(phone).toHaveURL(/\/auth\/login\?next=/);
  script.release();
  await phone.getByLabel('Email', { exact: true }).fill(fan.email);
  await phone.getByLabel('Password', { exact: true }).fill(fan.password);
  await phone.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(phone).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
  await expect(phone.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(phone.getByText('You are in attendee mode')).toBeVisible();
  expect(unauthorized).toEqual([]);
  await context.close();
});

test('an ended event and an unknown code get a plain page, not a login form', async ({
  page,
  browser,
}) => {
  await signUpAndLogIn(page, 'Rio Host');
  const past = await createEventAsHost(page, 'Last Summer', -6 * 60);
  const { context, page: phone, unauthorized } = await freshPhone(browser);

  await phone.goto(`/e/${past.code}`);
  await expect(
    phone.getByRole('heading', { level: 1, name: 'This event has ended' }),
  ).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Join as guest' })).toHaveCount(0);
  await expectAccessible(phone);
  await captureScreens(phone, 'room-ended');

  await phone.goto('/e/ZZZZZZ');
  await expect(
    phone.getByRole('heading', { level: 1, name: 'No event with this code' }),
  ).toBeVisible();
  await expect(phone.getByLabel('Password')).toHaveCount(0);
  await expectAccessible(phone);
  await captureScreens(phone, 'room-unknown');
  // The unknown code's 404 is the landing's answer, not a sign-in wall.
  expect(unauthorized).toEqual([]);
  await context.close();
});

test('a guest scans the host’s profile QR, sees the host’s public page and joins tonight’s event in one tap', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, 'Rio Host');
  const tonight = await createEventAsHost(host, 'Harbour Lights', -30);
  await createEventAsHost(host, 'Sunday Brunch', 3 * 24 * 60);
  // The QR the host's own profile shares (its Share Profile dialog shows this image).
  const hostId = await sessionUserId(host);
  const own = await host.request.get(`/api/v1/get-user-details?id=${hostId}`);
  const { qrcode_path: qrPath } = ((await own.json()) as { data: { qrcode_path: string } }).data;
  const url = await urlInQrImage(host, qrPath);
  expect(new URL(url).pathname).toBe(`/h/${hostId}`);

  const { context, page: phone, unauthorized } = await freshPhone(browser);
  await phone.goto(url);
  await expect(phone.getByRole('heading', { level: 1, name: 'Rio Host' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'On tonight' })).toBeVisible();
  const events = phone
    .getByRole('listitem')
    .filter({ has: phone.getByRole('heading', { level: 3 }) });
  await expect(events).toHaveCount(2);
  await expect(events.first()).toContainText('Harbour Lights');
  await expect(events.first()).toContainText('Live now');
  await expect(events.nth(1).getByRole('link', { name: 'Open this event' })).toBeVisible();
  // What a stranger may see, not what only the host may: no email, no street address.
  await expect(phone.getByText('1 Harbour Road')).toHaveCount(0);
  await expect(phone.getByText(/@example\.com/)).toHaveCount(0);
  await expectAccessible(phone);
  await captureScreens(phone, 'host-public-page');
  await phone.setViewportSize(PHONE);

  await phone.getByLabel('Your first name (optional)').fill('Mia');
  await phone.getByRole('button', { name: 'Join as guest' }).click();
  await expect(phone).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
  await expect(phone.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(phone.getByLabel('Search songs')).toBeFocused();
  expect(unauthorized).toEqual([]);
  await context.close();
});

test('the host’s page opened by id alone shows the posters and no way in without the event’s code', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, 'Rio Host');
  const tonight = await createEventAsHost(host, 'Harbour Lights', -30);
  const hostId = await sessionUserId(host);

  const { context, page: phone, unauthorized } = await freshPhone(browser);
  await phone.goto(`/h/${hostId}`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Rio Host' })).toBeVisible();
  await expect(phone.getByText('Harbour Lights')).toBeVisible();
  await expect(phone.getByText(/Scan the event's QR code/)).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Join as guest' })).toHaveCount(0);
  expect(await phone.content()).not.toContain(tonight.code);
  expect(unauthorized).toEqual([]);
  await context.close();
});

test('a guest asks for a song the catalog does not have, and the booth shows it typed by a guest', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await host.setViewportSize(LAPTOP);
  await signUpAndLogIn(host, 'Rio Host');
  const tonight = await createEventAsHost(host, 'Cousins Wedding', -30);

  const { context, page: phone, unauthorized } = await freshPhone(browser);
  await phone.goto(`/e/${tonight.code}`);
  await phone.getByRole('button', { name: 'Join as guest' }).click();
  await expect(phone).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));

  // Nothing matches: the typed words are the offer, in view, one tap away.
  const search = phone.getByLabel('Search songs');
  await expect(search).toBeFocused();
  await search.fill('Our Wedding Song - The Cousins');
  await expect(phone.getByText('No songs found')).toBeVisible();
  const offer = phone.getByRole('button', {
    name: 'Request “Our Wedding Song - The Cousins” anyway',
  });
  await expect(offer).toBeInViewport();
  await expect(phone.getByText('Sent as “Our Wedding Song” by The Cousins')).toBeVisible();
  await expectAccessible(phone);
  await phone.screenshot({ path: 'test-results/screenshots/guest-ask-anyway-375.png' });
  await captureScreens(phone, 'guest-ask-anyway');
  await phone.setViewportSize(PHONE);
  await offer.click();
  await expectToast(phone, REQUEST_MSG.requested);
  await expect(
    phone.getByRole('button', { name: 'Cancel request for “Our Wedding Song - The Cousins”' }),
  ).toBeVisible();
  await expect(
    phone.getByRole('list', { name: 'Your requests' }).getByRole('listitem'),
  ).toContainText('Our Wedding Song');

  // A second guest types the same song their own way: one song, two requests.
  const other = await browser.newContext();
  const second = await other.newPage();
  expect((await second.request.post('/api/v1/login-as-guest', { data: {} })).ok()).toBe(true);
  const joined = await second.request.post('/api/v1/join-event', {
    data: { event_code: tonight.code },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const typed = await second.request.post('/api/v1/send-song-request', {
    data: {
      event_id: tonight.id,
      song_id: 'typed',
      free_text: true,
      song_name: '  our wedding SONG ',
      song_artist: 'the cousins',
    },
  });
  expect(typed.status(), await typed.text()).toBe(201);

  // The booth: the song as the first guest typed it, counted twice, marked in words.
  await host.goto(`/host/event/${tonight.id}/booth`);
  const ours = host
    .getByRole('list', { name: 'Up next' })
    .getByRole('listitem', { name: /^Our Wedding Song by The Cousins/ });
  await expect(ours).toHaveAccessibleName(
    'Our Wedding Song by The Cousins, 2 requests, typed by guest',
  );
  await expect(ours.getByText('Typed by guest')).toBeVisible();
  await expectAccessible(host);
  await host.mouse.move(0, 0);
  await host.screenshot({ path: 'test-results/screenshots/booth-typed-song-1440.png' });
  await captureScreens(host, 'booth-typed-song');

  // The host's event page marks it too.
  await host.goto(`/host/event/${tonight.id}`);
  await expect(host.getByText('Requested by 2 attendees', { exact: true })).toBeVisible();
  await expect(host.getByText('Typed by guest')).toBeVisible();
  await expectAccessible(host);
  await captureScreens(host, 'host-event-typed-song');

  expect(unauthorized).toEqual([]);
  await other.close();
  await context.close();
});

test('a double tap on Request requests the song once, shows its place there, and Cancel from the results asks first', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, 'Tap Host');
  const tonight = await createEventAsHost(host, 'Double Tap Night', -30);

  for (const viewport of [PHONE, LAPTOP]) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await logToasts(context);
    const phone = await context.newPage();
    const login = await phone.request.post('/api/v1/login-as-guest', { data: {} });
    expect(login.ok(), await login.text()).toBe(true);
    const joined = await phone.request.post('/api/v1/join-event', {
      data: { event_code: tonight.code },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
    // The page's clock runs as usual; the test moves it on to the guest's deliberate tap.
    await phone.clock.install();
    await phone.goto(`/attendee/event/${tonight.id}`);

    await phone.getByLabel('Search songs').fill('Bohemian');
    const results = phone.getByRole('list', { name: 'Search results' });
    await expect(results).toHaveAttribute('aria-busy', 'false');
    const pick = results.getByRole('button', { name: /^Request Bohemian Rhapsody/ }).first();
    const box = await pick.boundingBox();
    expect(box).not.toBeNull();
    const spot = {
      x: (box?.x ?? 0) + (box?.width ?? 0) / 2,
      y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
    };

    // The first tap requests; the second lands on the same spot the moment Cancel is drawn there.
    await phone.mouse.click(spot.x, spot.y);
    await phone.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('button')).some((button) =>
          button.getAttribute('aria-label')?.startsWith('Cancel request for Bohemian Rhapsody'),
        ),
      undefined,
      { polling: 'raf' },
    );
    await phone.mouse.click(spot.x, spot.y);

    const cancel = results
      .getByRole('button', { name: /^Cancel request for Bohemian Rhapsody/ })
      .first();
    await expect(cancel).toBeVisible();
    await expect(phone.getByRole('dialog')).toHaveCount(0);
    // Where the song stands is shown where it was tapped, without scrolling.
    await expect(results.getByText('Up next', { exact: true })).toBeInViewport();
    const details = await phone.request.get(`/api/v1/get-attendee-event-details?id=${tonight.id}`);
    const mine = ((await details.json()) as { data: { song_requests: { song_name: string }[] } })
      .data.song_requests;
    expect(mine.map((song) => song.song_name)).toEqual(['Bohemian Rhapsody']);

    // A deliberate Cancel, a moment later, asks first; only the confirm removes the request.
    await phone.clock.fastForward(1500);
    await cancel.click();
    const confirm = phone.getByRole('dialog', { name: 'Cancel song request?' });
    await expect(confirm).toBeVisible();
    await expectAccessible(phone);
    await phone.screenshot({
      path: `test-results/screenshots/guest-cancel-confirm-${viewport.width}.png`,
    });
    await confirm.getByRole('button', { name: 'Remove request' }).click();
    await expect(
      results.getByRole('button', { name: /^Request Bohemian Rhapsody/ }).first(),
    ).toBeVisible();
    await context.close();
  }
});
