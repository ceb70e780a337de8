import { expect, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  captureScreens,
  createEventAsHost,
  createVerifiedAccount,
  expectAccessible,
  PHONE,
  signUpAndLogIn,
} from './support/app.ts';
import { test } from './support/test.ts';
import { logToasts } from './support/toasts.ts';

/** The URL inside the event's QR image, read from its pixels as a phone camera would. */
async function urlInQr(page: Page, code: string): Promise<string> {
  const response = await page.request.get(`/api/qr/events/${code}.png`);
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
  request,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, request, 'Rio Host');
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
  request,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(dj, request, 'Other Host');
  const { page: owner, context } = await freshPhone(browser);
  await signUpAndLogIn(owner, request, 'Rio Host');
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

test('a new account that signs in from the landing lands on the event, not the host dashboard', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(page, request, 'Rio Host');
  const tonight = await createEventAsHost(page, 'Rooftop', -10);
  const url = await urlInQr(page, tonight.code);
  const fan = await createVerifiedAccount(request, 'New Fan');

  const { context, page: phone, unauthorized } = await freshPhone(browser);
  await phone.goto(url);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone).toHaveURL(/\/auth\/login/);
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
  request,
  browser,
}) => {
  await signUpAndLogIn(page, request, 'Rio Host');
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
