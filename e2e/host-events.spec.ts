import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EVENT_MSG, MSG } from '@floorfill/shared';
import { expect, request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import {
  captureScreens,
  createVerifiedAccount,
  expectAccessible,
  signUpAndLogIn,
} from './support/app.ts';
import { openPopup, pickOption } from './support/popups.ts';
import { test } from './support/test.ts';
import { expectToast } from './support/toasts.ts';

const BANNER_FIXTURE = path.join(import.meta.dirname, 'fixtures', 'banner.png');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function dayAfterTomorrow(): Date {
  const day = new Date();
  day.setDate(day.getDate() + 2);
  return day;
}

/** "21 November 2026": how the date pickers and the calendar name a day. */
function dayName(date: Date): string {
  return `${date.getDate()} ${date.toLocaleString('en-GB', { month: 'long' })} ${date.getFullYear()}`;
}

/** Opens a date-time picker, picks the day and the time, and confirms; the field shows the choice. */
async function pickDateTime(
  form: Locator,
  label: 'Start Time' | 'End Time',
  date: Date,
  time: { hour: string; minutes: string; amPm: 'AM' | 'PM' },
) {
  const which = label === 'Start Time' ? 'Start' : 'End';
  const field = form.getByRole('button', { name: label, exact: true });
  const picker = await openPopup(field);
  await picker.getByRole('button', { name: dayName(date), exact: true }).click();
  await picker.getByLabel(`${which} hour`).fill(time.hour);
  await picker.getByLabel(`${which} minutes`).fill(time.minutes);
  await picker.getByLabel(`${which} AM or PM`).selectOption(time.amPm);
  await picker.getByRole('button', { name: `Confirm ${which.toLowerCase()} time` }).click();
  await expect(picker).toBeHidden();
  await expect(field).toContainText(`${time.hour}:${time.minutes} ${time.amPm}`);
}

async function chooseBanner(page: Page, form: Locator, screenshots = false) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: /(Choose|Change) image for Event Banner/ }).click();
  await (await chooser).setFiles(BANNER_FIXTURE);
  const crop = page.getByRole('dialog', { name: 'Crop image' });
  await expect(crop).toBeVisible();
  await expectAccessible(page);
  if (screenshots) await captureScreens(page, 'host-crop-banner');
  // Zoom in with the keyboard, then apply.
  await crop.getByRole('slider', { name: 'Zoom' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await crop.getByRole('button', { name: 'Apply' }).click();
  await expect(crop).toBeHidden();
  await expect(form.getByRole('img', { name: 'Event Banner preview' })).toBeVisible();
}

interface CatalogSong {
  song_id: string;
  song_name: string;
  song_artist: string;
  album_name: string;
  song_duration: number;
}

/** An attendee (through the API) joins the event by its code and requests one catalog song. */
async function attendeeRequestsASong(baseURL: string, eventCode: string): Promise<CatalogSong> {
  const attendee = await playwrightRequest.newContext({ baseURL });
  const account = await createVerifiedAccount(attendee, 'Ana Attendee');
  const login = await attendee.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const join = await attendee.post('/api/v1/join-event', { data: { event_code: eventCode } });
  expect(join.ok(), await join.text()).toBe(true);
  const search = await attendee.get('/api/v1/get-search-song-list?q=love');
  const songs = ((await search.json()) as { data: CatalogSong[] }).data;
  const song = songs[0];
  if (!song) throw new Error('The catalog has no song for "love".');
  const joined = (await join.json()) as { data: { id: number } };
  const sent = await attendee.post('/api/v1/send-song-request', {
    data: {
      event_id: joined.data.id,
      song_id: song.song_id,
      song_name: song.song_name,
      song_artist: song.song_artist,
      album_name: song.album_name,
      song_duration: song.song_duration,
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await attendee.dispose();
  return song;
}

test('a host creates, finds, edits, shares and deletes an event', async ({ page, baseURL }) => {
  // One long journey over five screens, with screenshots at two widths on each.
  test.setTimeout(180_000);
  await signUpAndLogIn(page);
  await expect(page).toHaveURL(/\/host\/dashboard/);
  await expect(page.getByText(MSG.noEvents)).toBeVisible();

  // My Events starts empty.
  await page.getByRole('link', { name: 'My Events' }).click();
  await expect(page).toHaveURL(/\/host\/event$/);
  await expect(page.getByText(MSG.noEventFound)).toBeVisible();
  await expectAccessible(page);

  // Create: required fields first, then a full event with a cropped banner.
  await page.getByRole('button', { name: 'Create Event' }).click();
  const form = page.getByRole('dialog', { name: 'Create Event' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(form.getByText(MSG.fieldRequired)).toHaveCount(6);
  await expectAccessible(page);
  await captureScreens(page, 'host-create-event');

  await chooseBanner(page, form, true);
  const name = `Neon Nights ${Date.now().toString(36)}`;
  const day = dayAfterTomorrow();
  await form.getByLabel('Event Name').fill(name);
  await pickDateTime(form, 'Start Time', day, { hour: '08', minutes: '00', amPm: 'PM' });
  await pickDateTime(form, 'End Time', day, { hour: '11', minutes: '30', amPm: 'PM' });
  await form.getByLabel('Address').fill('1 Harbour Road');
  await form.getByLabel('City').fill('Lisbon');
  await pickOption(form.getByRole('combobox', { name: 'Country' }), 'Portugal', 'Portug');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expectToast(page, EVENT_MSG.created);
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('img', { name: `Banner of ${name}` })).toBeVisible();
  await expect(row).toContainText('1 Harbour Road');
  await captureScreens(page, 'host-events-table');

  // The dashboard shows it in the calendar and the upcoming list.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/host\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  const calendarDay = page.getByRole('button', { name: `${dayName(day)}, 1 event` });
  await expect(calendarDay).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'host-dashboard');
  await calendarDay.click();
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'host-dashboard-schedule');
  await page.getByRole('button', { name: 'Create event on this day' }).click();
  const prefilled = page.getByRole('dialog', { name: 'Create Event' });
  await expect(prefilled.getByRole('button', { name: 'Start Time' })).toContainText('08:00 PM');
  await prefilled.getByRole('button', { name: 'Cancel' }).click();
  await expect(prefilled).toBeHidden();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();

  // Search and sort live in the URL.
  await page.getByRole('link', { name: 'See More' }).click();
  await expect(page).toHaveURL(/\/host\/event$/);
  await page.getByLabel('Search events').fill('no such party');
  await expect(page).toHaveURL(/search=no\+such\+party/);
  await expect(page.getByText(MSG.noEventFound)).toBeVisible();
  await page.getByLabel('Search events').fill('neon');
  await expect(page).toHaveURL(/search=neon/);
  await expect(row).toBeVisible();
  await pickOption(page.getByRole('combobox', { name: 'Sort by' }), 'Name');
  await expect(page).toHaveURL(/sort=name/);
  await page.getByRole('button', { name: 'Sort order: descending' }).click();
  await expect(page).toHaveURL(/order=asc/);
  await page.reload();
  await expect(page.getByLabel('Search events')).toHaveValue('neon');
  await expect(row).toBeVisible();

  // Edit: the new name shows in the table.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'UPDATE EVENT' });
  await expect(edit.getByLabel('Event Name')).toHaveValue(name);
  const renamed = `${name} (Late)`;
  await edit.getByLabel('Event Name').fill(renamed);
  const oldBanner = await row.getByRole('img', { name: `Banner of ${name}` }).getAttribute('src');
  await chooseBanner(page, edit);
  await edit.getByRole('button', { name: 'Update Event' }).click();
  await expectToast(page, EVENT_MSG.updated);
  const renamedRow = page.getByRole('row', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) });
  await expect(renamedRow).toBeVisible();
  const newBanner = renamedRow.getByRole('img', { name: `Banner of ${renamed}` });
  await expect(newBanner).not.toHaveAttribute('src', oldBanner ?? '');

  // Share: the QR modal copies the link and downloads the PNG.
  await renamedRow.getByRole('button', { name: `Share ${renamed}` }).click();
  const share = page.getByRole('dialog', { name: 'Share Event' });
  await expect(share.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'host-share-event');
  const downloading = page.waitForEvent('download');
  await share.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  const code = await share.getByRole('textbox', { name: 'Event code' }).inputValue();
  expect(download.suggestedFilename()).toBe(`floorfill-event-${code}.png`);
  const saved = await readFile(await download.path());
  expect(saved.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, MSG.copySuccess);
  const link = await share.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await share.getByRole('button', { name: 'Close' }).click();

  // Details.
  await renamedRow.getByRole('link', { name: `View details of ${renamed}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('No song requests yet')).toBeVisible();

  // An attendee's request appears by the 5-second refresh; the host marks it played, then deletes it.
  const song = await attendeeRequestsASong(baseURL ?? '', code);
  const played = `Mark as played: ${song.song_name}`;
  await expect(page.getByRole('button', { name: played })).toBeVisible();
  await expect(page.getByText('Requested by 1 attendee')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Not played' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'host-event-details');
  await page.getByRole('button', { name: played }).click();
  await page
    .getByRole('dialog', { name: 'Mark as played?' })
    .getByRole('button', { name: 'Mark as played' })
    .click();
  await expect(page.getByRole('img', { name: 'Played' })).toBeVisible();
  await page.getByRole('button', { name: `Delete request: ${song.song_name}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete request?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No song requests yet')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();

  // Delete, after confirming.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete event?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, EVENT_MSG.deleted);
  await expect(page.getByText(MSG.noEventFound)).toBeVisible();
});

test("another host's event and a missing one open the 404 page", async ({ page }) => {
  await signUpAndLogIn(page, 'Other Host');
  await page.goto('/host/event/999999');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText(MSG.pageNotFound)).toBeVisible();
});
