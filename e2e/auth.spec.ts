import { MSG } from '@floorfill/shared';
import { expect, type Page } from '@playwright/test';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  latestCode,
  randomPassword,
  signUpAndLogIn,
  uniqueEmail,
} from './support/app.ts';
import { chooseMenuItem } from './support/popups.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

async function fillCode(page: Page, code: string) {
  // The six boxes accept a paste that spreads over all of them.
  const first = page.getByLabel('Digit 1 of 6');
  await first.click();
  await page.keyboard.insertText(code);
}

async function register(page: Page, email: string, password: string) {
  await page.goto('/auth/register');
  await page.getByLabel('Name', { exact: true }).fill('Dee Jay');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: /phone/i }).fill('4155552671');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\/verification\/email/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a new host registers, verifies the emailed code, signs in, switches role and logs out', async ({
  page,
  request,
}) => {
  // A whole journey over five screens, each checked with axe and captured at two widths:
  // 31 s on a quiet run, past the 60 s default on a busy one (a fresh-clone CI run).
  test.slow();
  const email = uniqueEmail('host');
  const password = randomPassword();

  await page.goto('/auth/register');
  await expect(page).toHaveTitle(/Floorfill/);
  await expectAccessible(page);
  await captureScreens(page, 'auth-register');

  await register(page, email, password);
  await expectAccessible(page);
  await captureScreens(page, 'auth-verify-email');
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();

  await fillCode(page, await latestCode(request, email));
  await expect(verify).toBeEnabled();
  await verify.click();
  await expectToast(page, MSG.emailVerified);
  // A verified account is signed in: the new DJ lands on the dashboard, not on a login form.
  await expect(page).toHaveURL(/\/host\/dashboard/);
  // Its first step is one tap away.
  await expect(page.getByRole('button', { name: 'Create Event' })).toBeVisible();
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'host-dashboard-shell');

  // Switch to attendee mode and back through the profile menu.
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await chooseMenuItem(accountMenu, 'Switch to Attendee');
  await expect(page).toHaveURL(/\/attendee\/dashboard/);
  await chooseMenuItem(accountMenu, 'Switch to Host');
  await expect(page).toHaveURL(/\/host\/dashboard/);

  await chooseMenuItem(accountMenu, 'Logout');
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'auth-login');
  // The session is gone: a protected page sends us back to login.
  await page.goto('/host/dashboard');
  await expect(page).toHaveURL(/\/auth\/login/);
  // And the password works.
  await login(page, email, password);
  await expect(page).toHaveURL(/\/host\/dashboard/);
});

test('a wrong password and an unknown email get the same answer', async ({ page }) => {
  await login(page, uniqueEmail('nobody'), 'whatever-password');
  await expect(page.getByText(MSG.invalidCredentials)).toBeVisible();
});

test('a forgotten password is reset with an emailed code, and only the new one works', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot');
  const oldPassword = randomPassword();
  const newPassword = randomPassword();
  await register(page, email, oldPassword);
  await fillCode(page, await latestCode(request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Verified is signed in; this person signs out, then forgets the password.
  await expect(page).toHaveURL(/\/host\/dashboard/);
  await chooseMenuItem(page.getByRole('button', { name: 'Account menu' }), 'Logout');
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.getByRole('link', { name: /Forgot Password/i }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'auth-reset-request');
  const requestedAt = new Date().toISOString();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expectToast(page, MSG.otpSent);
  await expect(page).toHaveURL(/\/auth\/verification\?/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'auth-reset-verify');

  await fillCode(page, await latestCode(request, email, requestedAt));
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, MSG.passwordChanged);
  await expect(page).toHaveURL(/\/auth\/login/);

  await login(page, email, oldPassword);
  await expect(page.getByText(MSG.invalidCredentials)).toBeVisible();
  await login(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a guest who scanned a QR code enters without an account and lands on the event page', async ({
  page,
  browser,
}) => {
  // A host's live event, made in a context of its own.
  const hostContext = await browser.newContext();
  await logToasts(hostContext);
  const hostPage = await hostContext.newPage();
  await signUpAndLogIn(hostPage, 'QR Host');
  const event = await createEventAsHost(hostPage, 'Rooftop Night');
  await hostContext.close();

  // An old QR link carrying the code opens the event's landing.
  await page.goto(`/attendee/event/${event.id}?qr=y&code=${event.code}`);
  await expect(page).toHaveURL(new RegExp(`/e/${event.code}$`));
  // Without the code, the event page still asks for a login, guests welcome.
  await page.goto(`/attendee/event/${event.id}?qr=y`);
  await expect(page).toHaveURL(/\/auth\/login\?.*qr=y/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expectToast(page, MSG.pleaseLogin);
  await expectAccessible(page);
  await captureScreens(page, 'auth-login-qr');

  await page.getByRole('button', { name: 'Login as Guest' }).click();
  await expect(page).toHaveURL(new RegExp(`/attendee/event/${event.id}`));
  await expect(page.getByRole('heading', { name: 'Rooftop Night' })).toBeVisible();

  // Guests may not use the dashboard or profile.
  await page.goto('/attendee/dashboard');
  await expect(page).not.toHaveURL(/\/attendee\/dashboard$/);
});

test('the login page offers no guest entry without a QR scan', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Login as Guest' })).toHaveCount(0);
});

test('legal pages and the not-found page have real content', async ({ page }) => {
  await page.goto('/trems-and-conditions');
  await expect(page.getByText(/18/).first()).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'legal-terms');
  await page.goto('/privacy-and-policy');
  await expect(page.getByText(/13/).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/no/such/page');
  await expect(page.getByText(MSG.pageNotFound)).toBeVisible();
  await expectAccessible(page);
});
