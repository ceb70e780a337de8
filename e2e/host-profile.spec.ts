import { PROFILE_MSG } from '@floorfill/shared';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  captureScreens,
  expectAccessible,
  signUpAndLogIn,
  switchToAttendee,
} from './support/app.ts';
import { pickOption } from './support/popups.ts';
import { test } from './support/test.ts';
import { expectToast } from './support/toasts.ts';

/** A verified host signed in through the login page, and the id the API gave it. */
async function signIn(page: Page, name: string): Promise<{ id: number }> {
  await signUpAndLogIn(page, name);
  const session = await page.request.get('/api/auth/session');
  const body = (await session.json()) as { data: { user: { id: number } } };
  return { id: body.data.user.id };
}

/** The settings form itself (the attendee's Settings also hold the wallet card with its own Save). */
function profileForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Profile details' });
}

/** A PNG drawn by the browser itself: a violet-to-amber gradient with a white disc. */
async function drawnPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#7c3aed');
      gradient.addColorStop(1, '#f59e0b');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(w / 2, h / 2, Math.min(w, h) / 4, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** An upcoming event of the signed-in host, `daysAhead` from now, with an optional banner. */
async function createEvent(page: Page, name: string, daysAhead: number, banner?: Buffer) {
  const start = new Date(Date.now() + daysAhead * 86_400_000);
  start.setUTCHours(20, 0, 0, 0);
  const end = new Date(start.getTime() + 5 * 3_600_000);
  const response = await page.request.post('/api/v1/store-event', {
    data: {
      name,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      address: 'Warschauer Str. 34',
      city: 'Berlin',
      country: 'Germany',
      ...(banner ? { banner: `data:image/png;base64,${banner.toString('base64')}` } : {}),
    },
  });
  expect(response.ok()).toBe(true);
}

async function chooseImage(page: Page, field: string, png: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Choose image for ${field}` }).click();
  await (await chooser).setFiles({ name: `${field}.png`, mimeType: 'image/png', buffer: png });
  const cropDialog = page.getByRole('dialog', { name: 'Crop image' });
  await expect(cropDialog).toBeVisible();
  await expect(cropDialog.getByRole('button', { name: 'Apply' })).toBeEnabled();
  return cropDialog;
}

test('a host edits the profile, social links and previews it as an attendee', async ({ page }) => {
  // One long journey with axe and screenshots at two widths on every screen.
  test.slow();
  const { id } = await signIn(page, 'Dee Jay');

  await page.goto('/host/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Dee Jay' })).toBeVisible();
  await expect(page.getByText('Please add some social links to show here.')).toBeVisible();
  await expect(page.getByRole('img', { name: /Rated 0\.0 out of 5 \(0 reviews\)/ })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'profile-host-new');

  // Settings: name, bio, gender, country and a cropped profile image.
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/host\/profile\/edit$/);
  await expect(page.getByRole('tab', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByLabel('Phone')).toBeDisabled();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expectAccessible(page);
  await captureScreens(page, 'settings-host');

  await page.getByLabel('Display Name').fill('');
  await profileForm(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();

  await page.getByLabel('Display Name').fill('DJ Nova');
  await page.getByLabel(/^Bio/).fill('Disco, house and everything that fills a floor.');
  await pickOption(page.getByRole('combobox', { name: 'Gender', exact: true }), 'Female');
  await pickOption(page.getByRole('combobox', { name: 'Country', exact: true }), 'Germany', 'Germ');
  const cropDialog = await chooseImage(page, 'Profile Image', await drawnPng(page, 900, 600));
  await expectAccessible(page);
  await captureScreens(page, 'settings-crop');
  await cropDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(cropDialog).toBeHidden();
  await expect(page.getByRole('img', { name: 'Profile Image preview' })).toBeVisible();

  await profileForm(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, PROFILE_MSG.updated);
  await expect(page).toHaveURL(/\/host\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'DJ Nova' })).toBeVisible();
  await expect(page.getByText('Disco, house and everything that fills a floor.')).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Profile image of DJ Nova' });
  await expect(avatar).toHaveAttribute('src', /\/uploads\//);
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  // The top bar follows the new display name.
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('DJ Nova');

  // The saved values come back in the form.
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
  await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveValue('Female');
  await page.goBack();

  // Social links: one row with a link, one without (dropped on save).
  await page.getByRole('button', { name: 'Edit social links' }).click();
  const modal = page.getByRole('dialog', { name: 'Social Links' });
  await expect(modal).toBeVisible();
  const first = modal.getByRole('group', { name: 'Social link 1' });
  await pickOption(first.getByRole('combobox', { name: 'Platform' }), 'Instagram');
  await first.getByRole('textbox', { name: 'Link' }).fill('https://instagram.com/djnova');
  await modal.getByRole('button', { name: 'Add More' }).click();
  const second = modal.getByRole('group', { name: 'Social link 2' });
  const secondPlatform = second.getByRole('combobox', { name: 'Platform' });
  await expect(secondPlatform).toBeFocused();
  await pickOption(secondPlatform, 'Facebook');
  await second.getByRole('textbox', { name: 'Link' }).fill('not a link');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Must be a link starting with http:// or https://')).toBeVisible();
  await second.getByRole('textbox', { name: 'Link' }).fill('');
  await expectAccessible(page);
  await captureScreens(page, 'social-links-modal');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, PROFILE_MSG.socialLinksUpdated);
  await expect(modal).toBeHidden();

  const instagram = page.getByRole('link', { name: /Instagram/ });
  await expect(instagram).toHaveAttribute('href', 'https://instagram.com/djnova');
  await expect(instagram).toHaveAttribute('target', '_blank');
  await expect
    .poll(() => instagram.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: /Facebook/ })).toHaveCount(0);

  // Upcoming events appear as cards that lead to the host's event page.
  await createEvent(page, 'Friday Night Floor', 3, await drawnPng(page, 1280, 720));
  await createEvent(page, 'Sunday Disco Brunch', 5);
  await page.reload();
  const friday = page.getByRole('link', { name: 'Friday Night Floor' });
  await expect(friday).toHaveAttribute('href', /\/host\/event\/\d+$/);
  await expect(page.getByRole('link', { name: 'Sunday Disco Brunch' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'profile-host');

  // The local attendee preview.
  await page.getByRole('button', { name: 'View as attendee' }).click();
  await expect(page.getByText('You are viewing as attendee...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'RATE' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SEND TIP' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit social links' })).toHaveCount(0);
  await expectAccessible(page);
  await captureScreens(page, 'profile-host-as-attendee');

  await page.getByRole('button', { name: 'SHARE' }).click();
  const share = page.getByRole('dialog', { name: 'Share Profile' });
  await expect(share).toBeVisible();
  await expect(share.getByRole('textbox', { name: 'Link' })).toHaveValue(
    // The host's own link: their public page, with the key that offers their events' codes.
    new RegExp(`/h/${id}\\?k=[\\w-]{16}$`),
  );
  await expect
    .poll(() =>
      share
        .getByRole('img', { name: /QR code/ })
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expectAccessible(page);
  await captureScreens(page, 'profile-share');
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();
  await page.getByRole('button', { name: 'View as host' }).click();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
});

test('the cropper demo shows the cropped result', async ({ page }) => {
  await signIn(page, 'Crop Tester');
  await page.goto('/host/test');
  await expect(page.getByRole('heading', { level: 1, name: 'Image Cropper' })).toBeVisible();
  await page.getByText('Cover 8:3', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Cover 8:3' })).toBeChecked();
  const dialog = await chooseImage(page, 'Image', await drawnPng(page, 1200, 800));
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('img', { name: 'The cropped image' })).toBeVisible();
  await expect(page.getByText(/^\d+ × \d+ px$/)).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'cropper-demo');
});

test('in attendee mode the profile lists joined events and a host profile offers RATE, SEND TIP and SHARE', async ({
  page,
}) => {
  // A whole journey (sign-up, an event with a banner, the role switch, a join): as the other
  // journeys, it gets three times the one-screen budget, which a loaded CI machine exceeded.
  test.slow();
  const host = await signIn(page, 'Host Person');
  await createEvent(page, 'Warehouse Rave', 2, await drawnPng(page, 1280, 720));
  await switchToAttendee(page);

  await page.goto('/attendee/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Host Person' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Joined Events' })).toBeVisible();
  await expect(page.getByText('You have not joined any event yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View as attendee' })).toHaveCount(0);
  await expectAccessible(page);
  await captureScreens(page, 'profile-attendee');

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/attendee\/profile\/edit$/);
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Wallet' })).toHaveCount(0);
  await page.getByLabel('Display Name').fill('Dancer One');
  await profileForm(page).getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/attendee\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dancer One' })).toBeVisible();

  // SEND TIP is offered only for a host who can take tips: this one sets up (demo) payouts.
  const payouts = await page.request.post('/api/v1/connect-stripe-account', {
    headers: { origin: new URL(page.url()).origin },
    data: {},
  });
  expect(payouts.ok(), await payouts.text()).toBe(true);

  await page.goto(`/attendee/host-profile/${host.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dancer One' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Warehouse Rave' })).toHaveAttribute(
    'href',
    /\/attendee\/event\/\d+$/,
  );
  await expect(page.getByRole('button', { name: 'RATE' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'host-profile-as-attendee');
  await page.getByRole('button', { name: 'SEND TIP' }).click();
  const tip = page.getByRole('dialog', { name: 'TIP THE HOST' });
  await expect(tip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();

  await page.goto('/attendee/host-profile/999999');
  await expect(page).toHaveURL(/\/404$/);
});
