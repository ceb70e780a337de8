import { readFileSync } from 'node:fs';
import { ATTENDANCE_MSG, MSG, REQUEST_MSG, REQUEST_RULE_MSG } from '@floorfill/shared';
import { expect, type Page } from '@playwright/test';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  signUpAndLogIn,
  switchToAttendee,
} from './support/app.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

const LIVE = 'Live updates on';
const SONG = 'Bohemian Rhapsody';

/** The search on the event page: search, then request the first result named `title`. */
async function requestSong(page: Page, term: string, title: string, screenshots = false) {
  const search = page.getByLabel('Search songs');
  await search.fill(term);
  // The results of this term, not a list still loading or on its way out.
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  const request = results.getByRole('button', { name: new RegExp(`^Request ${title}`) }).first();
  await expect(request).toBeVisible();
  if (screenshots) {
    await expectAccessible(page);
    await captureScreens(page, 'attendee-song-search');
  }
  await request.click();
  await expectToast(page, REQUEST_MSG.requested);
  await expect(
    results.getByRole('button', { name: new RegExp(`^Cancel request for ${title}`) }).first(),
  ).toBeVisible();
  await search.fill('');
  await expect(results).toBeHidden();
}

test('a request reaches the booth live, groups with a guest’s, and its requester hears it play', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // The host and tonight's event (started an hour ago), plus upcoming ones for the carousel.
  const hostContext = await browser.newContext();
  await logToasts(hostContext);
  const host = await hostContext.newPage();
  await signUpAndLogIn(host, 'Booth Host');
  const tonight = await createEventAsHost(host, 'Friday Floorfill', -60);
  const upcoming = [];
  for (const [index, name] of [
    'Sunset Sessions',
    'Vinyl Brunch',
    'Warehouse Rave',
    'Disco Ball',
    'Rooftop Jazz',
  ].entries()) {
    upcoming.push(await createEventAsHost(host, name, 24 * 60 * (index + 2)));
  }
  await host.goto(`/host/event/${tonight.id}`);
  await expect(host.getByRole('heading', { level: 1, name: 'Friday Floorfill' })).toBeVisible();
  await expect(host.getByText(LIVE)).toBeVisible();
  await expect(host.getByText('No song requests yet')).toBeVisible();

  // The attendee: joined to the upcoming events already, joins tonight's by its code.
  const attendeeContext = await browser.newContext();
  await logToasts(attendeeContext);
  const attendee = await attendeeContext.newPage();
  await signUpAndLogIn(attendee, 'Ana Attendee');
  await switchToAttendee(attendee);
  for (const event of upcoming) {
    const joined = await attendee.request.post('/api/v1/join-event', {
      data: { event_code: event.code },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  await attendee.reload();
  await expect(attendee.getByText('Welcome, Ana Attendee')).toBeVisible();
  const joinNow = attendee.getByRole('button', { name: 'Join Now' });
  await expect(joinNow).toBeDisabled();
  await attendee.getByLabel('Event Code').fill('   ');
  await joinNow.click();
  await expect(attendee.getByText(MSG.noCode)).toBeVisible();
  await expect(attendee.getByRole('group', { name: /1 of 5: / })).toBeAttached();
  await expectAccessible(attendee);
  await captureScreens(attendee, 'attendee-dashboard-carousel');

  // Opened by its id alone (a forwarded link, a guess), the event keeps its code, its QR and
  // its street address to itself and asks for the code.
  await attendee.goto(`/attendee/event/${tonight.id}`);
  await expect(attendee.getByRole('heading', { level: 1, name: tonight.name })).toBeVisible();
  await expect(attendee.getByLabel('Event Code')).toBeVisible();
  await expect(attendee.getByRole('button', { name: 'Share event' })).toHaveCount(0);
  await expect(attendee.locator('body')).not.toContainText('1 Harbour Road');
  await expect(attendee.locator('body')).not.toContainText(tonight.code);
  await expectAccessible(attendee);
  await captureScreens(attendee, 'attendee-event-before-joining');
  await attendee.goto('/attendee/dashboard');

  await attendee.getByLabel('Event Code').fill(tonight.code.toLowerCase());
  await joinNow.click();
  const confirmJoin = attendee.getByRole('dialog', { name: 'Join event?' });
  await expect(confirmJoin).toContainText(tonight.code);
  await confirmJoin.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(attendee).toHaveURL(new RegExp(`/attendee/event/${tonight.id}$`));
  await expectToast(attendee, ATTENDANCE_MSG.joined);
  await expect(attendee.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(attendee.getByText(LIVE)).toBeVisible();
  // The booth hears of the join without a reload (the Joined count; Who is here has a Joined column too).
  await expect(host.getByText('Joined', { exact: true }).first().locator('..')).toContainText('1');

  await requestSong(attendee, 'bohem', SONG, true);
  const ownRequest = attendee.getByRole('list', { name: 'Your requests' }).getByRole('listitem');
  await expect(ownRequest).toHaveCount(1);
  // Nothing else waits and nothing plays: the song is next.
  await expect(ownRequest).toContainText('Up next');
  await expectAccessible(attendee);
  await captureScreens(attendee, 'attendee-event-details');

  // The host closes requests: the attendee's page says so at once and offers no request.
  const close = await host.request.post('/api/v1/update-request-settings', {
    data: { event_id: tonight.id, requests_open: false },
  });
  expect(close.ok(), await close.text()).toBe(true);
  await expect(attendee.getByText(REQUEST_RULE_MSG.closed)).toBeVisible();
  await expect(attendee.getByLabel('Search songs')).toBeDisabled();
  await expectAccessible(attendee);
  await captureScreens(attendee, 'attendee-event-requests-closed');
  const reopen = await host.request.post('/api/v1/update-request-settings', {
    data: { event_id: tonight.id, requests_open: true },
  });
  expect(reopen.ok(), await reopen.text()).toBe(true);
  await expect(attendee.getByText(REQUEST_RULE_MSG.closed)).toHaveCount(0);
  await expect(attendee.getByLabel('Search songs')).toBeEnabled();

  // The booth shows it within a blink, no reload.
  await expect(host.getByText('Requested by 1 attendee', { exact: true })).toBeVisible();

  // A guest scans the QR code, logs in as a guest, joins and asks for the same song.
  const guestContext = await browser.newContext();
  await logToasts(guestContext);
  const guest = await guestContext.newPage();
  // What the event's QR encodes: its landing, where one tap signs in as a guest and joins.
  await guest.goto(`/e/${tonight.code}`);
  await guest.getByRole('button', { name: 'Join as guest' }).click();
  await expect(guest).toHaveURL(new RegExp(`/attendee/event/${tonight.id}`));
  await expect(guest.getByRole('button', { name: 'Go Back' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await requestSong(guest, 'bohemian rhapsody', SONG);
  await expectAccessible(guest);

  await expect(host.getByText('Requested by 2 attendees', { exact: true })).toBeVisible();
  await expect(
    host.getByText('Song Requests', { exact: true }).first().locator('..'),
  ).toContainText('2');
  await expectAccessible(host);
  await captureScreens(host, 'host-event-details-live');

  // The host plays it: both requesters see the check and hear it, without a reload.
  await host.getByRole('button', { name: `Mark as played: ${SONG}` }).click();
  await host
    .getByRole('dialog', { name: 'Mark as played?' })
    .getByRole('button', { name: 'Mark as played' })
    .click();
  await expect(host.getByRole('button', { name: `Mark as unplayed: ${SONG}` })).toBeVisible();

  await expectToast(attendee, `“${SONG}” has been played.`);
  await expect(ownRequest).toContainText(/Played at \d{1,2}:\d{2} [AP]M/);
  await expect(guest.getByRole('list', { name: 'Your requests' })).toContainText('Played at');

  // The night's set list downloads with the played song and its two requests.
  await expect(host.getByText('1 song played so far, in play order.')).toBeVisible();
  const [download] = await Promise.all([
    host.waitForEvent('download'),
    host.getByRole('link', { name: 'Download set list (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^floorfill-set-list-${tonight.code}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toMatch(new RegExp(`^1,[^,]+,\\d{2}:\\d{2},${SONG},Queen,[^,]*,2,`));
  await expectAccessible(host);
  await captureScreens(host, 'host-event-set-list');

  // A played song is the DJ's: the guest is offered no cancel for it.
  await expect(ownRequest.getByRole('button', { name: `Cancel request: ${SONG}` })).toHaveCount(0);
  // Put back in the queue by the host, it waits again, and the guest may cancel it.
  await host.getByRole('button', { name: `Mark as unplayed: ${SONG}` }).click();
  await host
    .getByRole('dialog', { name: 'Mark as unplayed?' })
    .getByRole('button', { name: 'Mark as unplayed' })
    .click();
  await expect(ownRequest).not.toContainText('Played at');

  // Cancelling asks first and removes the request.
  await ownRequest.getByRole('button', { name: `Cancel request: ${SONG}` }).click();
  await attendee
    .getByRole('dialog', { name: 'Cancel song request?' })
    .getByRole('button', { name: 'Remove request' })
    .click();
  await expect(attendee.getByText('You have not requested any song yet.')).toBeVisible();
  await expect(host.getByText('Requested by 1 attendee', { exact: true })).toBeVisible();

  // The profile lists what was joined.
  await attendee.goto('/attendee/profile');
  await expect(attendee.getByRole('link', { name: 'Friday Floorfill' })).toBeVisible();

  await Promise.all([hostContext.close(), attendeeContext.close(), guestContext.close()]);
});

test('a wrong code says so and a missing event opens the 404 page', async ({ page }) => {
  await signUpAndLogIn(page, 'Lost Dancer');
  await switchToAttendee(page);
  await page.getByLabel('Event Code').fill('NOPE42');
  await page.getByRole('button', { name: 'Join Now' }).click();
  await page
    .getByRole('dialog', { name: 'Join event?' })
    .getByRole('button', { name: 'Join', exact: true })
    .click();
  await expect(page.getByText(ATTENDANCE_MSG.noEventForCode).first()).toBeVisible();
  await expect(page.getByText('You have not joined any event yet.')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/attendee/event/999999');
  await expect(page).toHaveURL(/\/404$/);
});
