import { REQUEST_MSG } from '@floorfill/shared';
import { expect, type Browser, type Page } from '@playwright/test';
import {
  createEventAsHost,
  expectAccessible,
  PHONE,
  signUpAndLogIn,
  type CreatedEvent,
} from './support/app.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

const BOHEMIAN = 'cat-queen--bohemian-rhapsody';
const ROXANNE = 'cat-the-police--roxanne';
const AFRICA = 'cat-toto--africa';

/** A guest in a browser of their own who joined through the API and asked for some songs. */
async function guestAsking(browser: Browser, event: CreatedEvent, songIds: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/v1/login-as-guest', { data: {} });
  expect(login.ok(), await login.text()).toBe(true);
  const joined = await page.request.post('/api/v1/join-event', {
    data: { event_code: event.code },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  for (const songId of songIds) {
    const sent = await page.request.post('/api/v1/send-song-request', {
      data: { event_id: event.id, song_id: songId },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  return context;
}

/** The host's mark through the API, as the booth sends it; resolves once answered. */
async function mark(host: Page, event: CreatedEvent, songId: string, markAs: string) {
  const answer = await host.request.post('/api/v1/mark-as-song-request', {
    data: { event_id: event.id, song_id: songId, mark_as: markAs },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * A phone that records what the page asks of the device: vibrations and
 * requests for notification permission (which the guest then refuses).
 */
async function recordingPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  await logToasts(context);
  await context.addInitScript(() => {
    const record = window as unknown as { vibrations: unknown[]; permissionAsks: number };
    record.vibrations = [];
    record.permissionAsks = 0;
    navigator.vibrate = (pattern: VibratePattern) => {
      record.vibrations.push(pattern);
      return true;
    };
    Notification.requestPermission = async () => {
      record.permissionAsks += 1;
      return 'denied';
    };
  });
  const page = await context.newPage();
  const device = async () =>
    page.evaluate(() => {
      const record = window as unknown as { vibrations: unknown[]; permissionAsks: number };
      return { vibrations: record.vibrations.length, permissionAsks: record.permissionAsks };
    });
  return { context, page, device };
}

test('a guest requests first, follows their songs down the line, and sees one play within a second', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, 'Rio Host');
  const event = await createEventAsHost(host, 'Harbour Lights', -30);
  // The room before our guest: Africa asked for twice, Roxanne once.
  const others = [
    await guestAsking(browser, event, [AFRICA, ROXANNE]),
    await guestAsking(browser, event, [AFRICA]),
  ];

  const { context, page: phone, device } = await recordingPhone(browser);
  await phone.goto(`/e/${event.code}`);
  await phone.getByRole('button', { name: 'Join as guest' }).click();
  await expect(phone).toHaveURL(new RegExp(`/attendee/event/${event.id}$`));

  // Request first: the search box has the cursor, the room's popular songs are below.
  const search = phone.getByLabel('Search songs');
  await expect(search).toBeFocused();
  const popular = phone.getByRole('list', { name: 'Popular in the room' });
  await expect(popular.getByRole('listitem')).toHaveCount(2);
  await expect(popular.getByRole('listitem').first()).toContainText('Africa');
  await expect(popular.getByRole('listitem').first()).toContainText('2 requests');
  expect((await device()).permissionAsks).toBe(0);

  await search.fill('bohemian');
  const results = phone.getByRole('list', { name: 'Search results' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  const pick = results.getByRole('button', { name: /^Request Bohemian Rhapsody/ }).first();
  await expect(pick).toBeInViewport();
  await expectAccessible(phone);
  await phone.screenshot({ path: 'test-results/screenshots/guest-search-375.png' });
  await pick.click();
  await expectToast(phone, REQUEST_MSG.requested);
  // Asked once, after the first request; refused, the page does without.
  expect((await device()).permissionAsks).toBe(1);

  // Third in line behind Africa and Roxanne, with an estimate from their lengths.
  const mine = phone.getByRole('list', { name: 'Your requests' }).getByRole('listitem');
  const bohemian = mine.filter({ hasText: 'Bohemian Rhapsody' });
  await expect(bohemian).toContainText(/#3 in line · in about \d+ min/);

  // A +1 for Roxanne: one tap, and it shows as the guest's own.
  const roxanne = popular.getByRole('listitem').filter({ hasText: 'Roxanne' });
  await roxanne.getByRole('button', { name: /^\+1 for Roxanne/ }).click();
  await expect(roxanne).toContainText('Yours');
  await expect(roxanne).toContainText('2 requests');
  await expect(mine.filter({ hasText: 'Roxanne' })).toContainText('#2 in line');
  expect((await device()).permissionAsks).toBe(1);
  await search.fill('');
  await expectAccessible(phone);
  // The timeline at the top of the screen, no pointer hovering a button.
  await phone.mouse.move(0, 0);
  await phone.getByRole('heading', { name: 'Your requests' }).evaluate((heading) =>
    // Below the app's fixed header.
    window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 72),
  );
  await phone.screenshot({ path: 'test-results/screenshots/guest-timeline-375.png' });

  // The DJ plays Africa: the guest's songs move up.
  await mark(host, event, AFRICA, 'playing');
  await expect(mine.filter({ hasText: 'Roxanne' })).toContainText('Up next');
  await expect(bohemian).toContainText('#2 in line');

  // The DJ plays Bohemian Rhapsody: the phone says so within a second of the answer.
  await mark(host, event, BOHEMIAN, 'playing');
  await expect(bohemian).toContainText('Playing now', { timeout: 1000 });
  await expectToast(phone, 'Your song “Bohemian Rhapsody” is playing now!');
  expect((await device()).vibrations).toBe(1);
  await expect(mine.first()).toContainText('Bohemian Rhapsody');
  // Playing, it is no longer among the popular songs waiting.
  await expect(popular.getByRole('listitem').filter({ hasText: 'Bohemian Rhapsody' })).toHaveCount(
    0,
  );
  await phone.screenshot({ path: 'test-results/screenshots/guest-timeline-playing-375.png' });

  // The next song starts: Bohemian Rhapsody was played, at the venue's clock.
  await mark(host, event, ROXANNE, 'playing');
  await expect(bohemian).toContainText(/Played at \d{1,2}:\d{2} [AP]M/);
  await expect(mine.filter({ hasText: 'Roxanne' })).toContainText('Playing now');
  expect((await device()).vibrations).toBe(2);

  // A song the DJ will not take tonight stays in the list as such.
  await search.fill('agadoo');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await results
    .getByRole('button', { name: /^Request Agadoo/ })
    .first()
    .click();
  await expect(mine.filter({ hasText: 'Agadoo' })).toContainText('Up next');
  await mark(host, event, 'cat-black-lace--agadoo', 'reject');
  await expect(mine.filter({ hasText: 'Agadoo' })).toContainText('Not this time');
  await expectAccessible(phone);

  await context.close();
  for (const other of others) await other.close();
});
