import { RATING_MSG, WALLET_MSG } from '@floorfill/shared';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  sessionUserId,
  signUpAndLogIn,
  switchToAttendee,
} from './support/app.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

/**
 * Money and reputation in demo payments (the embedded default): the host
 * connects Stripe (a demo account), an attendee tips through the local demo
 * checkout and rates the host, and the host's dashboard hears of each tip live.
 */

const TIP_SUCCESS = 'Thank you! Your tip was sent.';
const TIP_CANCELLED = 'Tip cancelled.';

/** TIP THE HOST: pick an amount, PAY NOW, and land on the demo checkout page. */
async function startTip(page: Page, opener: Locator, amount: '$1' | '$2' | '$5' | string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'TIP THE HOST' });
  await expect(dialog).toBeVisible();
  if (amount.startsWith('$')) {
    await dialog.getByText(amount, { exact: true }).click();
  } else {
    await dialog.getByText('Custom', { exact: true }).click();
    await dialog.getByLabel('Custom amount').fill(amount);
  }
  return dialog;
}

async function payOnDemoCheckout(page: Page, dialog: Locator, total: string) {
  await dialog.getByRole('button', { name: 'PAY NOW' }).click();
  await expect(page).toHaveURL(/\/demo\/checkout\/demo_cs_/);
  await expect(page.getByText('DEMO — no real payment')).toBeVisible();
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${total}` }).click();
}

test('a host connects Stripe, an attendee tips twice and rates, and the host sees the tips live', async ({
  page: host,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);

  // The host connects Stripe from Settings → Wallet: a demo account in demo payments.
  await signUpAndLogIn(host, 'Dee Jay');
  const hostId = await sessionUserId(host);
  await host.goto('/host/profile/edit');
  await host.getByRole('tab', { name: 'Wallet' }).click();
  await expect(host).toHaveURL(/tab=wallet/);
  await expect(host.getByText('Not connected. Connect Stripe to receive tips')).toBeVisible();
  await expect(host.getByText(/^Demo payments:/)).toBeVisible();
  await expectAccessible(host);
  await host.getByRole('button', { name: 'CONNECT STRIPE' }).click();

  await expect(host).toHaveURL(/\/host\/stripe\/connect\/success$/);
  await expect(host.getByRole('heading', { name: 'Stripe connected' })).toBeVisible();
  await expect(host.getByText('Demo account', { exact: true })).toBeVisible();
  await expectAccessible(host);
  await captureScreens(host, 'payments-connect-success');

  await host.goto('/host/profile/edit?tab=wallet');
  await expect(host.getByRole('button', { name: 'CONNECTED' })).toBeDisabled();
  await expect(host.getByRole('button', { name: 'CONNECT STRIPE' })).toHaveCount(0);
  await expect(host.getByText('Demo account', { exact: true })).toBeVisible();

  // The keys: the secret goes in once and never comes back.
  await host.getByLabel('Public key').fill('pk_test_e2eDemoKey123');
  await host.getByLabel('Secret key').fill('sk_test_e2eDemoSecret456');
  await host.getByRole('button', { name: 'Save' }).click();
  await expectToast(host, WALLET_MSG.hostSaved);
  await host.reload();
  await expect(host.getByLabel('Public key')).toHaveValue('pk_test_e2eDemoKey123');
  await expect(host.getByLabel('Secret key')).toHaveValue('');
  await expect(host.getByText('A secret key is saved.', { exact: false })).toBeVisible();
  await expect(host.locator('body')).not.toContainText('sk_test_e2eDemoSecret456');
  await expectAccessible(host);
  await captureScreens(host, 'payments-wallet-tab');

  // A live event, and the dashboard open before any tip arrives.
  const event = await createEventAsHost(host, `Tip Jar ${Date.now().toString(36)}`);
  await host.goto('/host/dashboard');
  const tipsCard = host
    .getByRole('region', { name: 'Totals' })
    .getByText('Tips', { exact: true })
    .locator('..');
  await expect(tipsCard).toContainText('$0.00');

  // The attendee, in a browser of their own, joins by code and opens the event page.
  const attendeeContext = await browser.newContext({ baseURL });
  await logToasts(attendeeContext);
  const attendee = await attendeeContext.newPage();
  await signUpAndLogIn(attendee, 'Ava Attendee');
  await switchToAttendee(attendee);
  const join = await attendee.request.post('/api/v1/join-event', {
    data: { event_code: event.code },
  });
  expect(join.ok(), await join.text()).toBe(true);
  await attendee.goto(`/attendee/event/${event.id}`);
  const tipHost = attendee.getByRole('button', { name: 'Tip Host' });
  await expect(tipHost).toBeVisible();

  // $5, a preset.
  const presetTip = await startTip(attendee, tipHost, '$5');
  await expect(presetTip).toContainText('Total: $5.00');
  await expectAccessible(attendee);
  await captureScreens(attendee, 'payments-tip-modal');
  await presetTip.getByRole('button', { name: 'PAY NOW' }).click();
  await expect(attendee).toHaveURL(/\/demo\/checkout\/demo_cs_/);
  await expect(attendee.getByText('$5.00', { exact: true })).toBeVisible();
  await expect(attendee.getByText(event.name)).toBeVisible();
  await expectAccessible(attendee);
  await captureScreens(attendee, 'payments-demo-checkout');
  await attendee.getByRole('button', { name: 'Pay $5.00' }).click();

  // The host hears of it at once; the attendee is back where the tip started.
  await expectToast(host, 'Ava Attendee tipped you $5.00');
  await expect(attendee).toHaveURL(new RegExp(`/attendee/event/${event.id}$`));
  await expectToast(attendee, TIP_SUCCESS);
  await expect(tipsCard).toContainText('$5.00');

  // $7.50, a custom amount, after the checks of the custom field.
  const customTip = await startTip(attendee, tipHost, '0.99');
  await expect(customTip.getByText('Amount must be greater than $1.')).toBeVisible();
  await expect(customTip.getByRole('button', { name: 'PAY NOW' })).toBeDisabled();
  await customTip.getByLabel('Custom amount').fill('7.505');
  await expect(customTip.getByText('Amount must not be greater two decimal place.')).toBeVisible();
  await customTip.getByLabel('Custom amount').fill('7.50');
  await expect(customTip).toContainText('Total: $7.50');
  await payOnDemoCheckout(attendee, customTip, '$7.50');

  await expectToast(host, 'Ava Attendee tipped you $7.50');
  await expect(attendee).toHaveURL(new RegExp(`/attendee/event/${event.id}$`));
  await expectToast(attendee, TIP_SUCCESS);
  await expect(tipsCard).toContainText('$12.50');
  await expect(tipsCard).toContainText('2 tips');
  await expectAccessible(host);
  await captureScreens(host, 'payments-dashboard-tips');

  // The attendee rates the host: four stars by keyboard and a review.
  await attendee.getByRole('button', { name: 'Rate The Host' }).click();
  const rating = attendee.getByRole('dialog', { name: 'RATE HOST' });
  await expect(rating).toBeVisible();
  await expect(rating.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await rating.getByRole('radio', { name: 'No rating' }).focus();
  for (let star = 0; star < 4; star += 1) await attendee.keyboard.press('ArrowRight');
  await expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await rating.getByLabel('Review').fill('Kept the floor full all night.');
  await expect(rating.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expectAccessible(attendee);
  await captureScreens(attendee, 'payments-rating-modal');
  await rating.getByRole('button', { name: 'Submit' }).click();
  await expectToast(attendee, RATING_MSG.stored);
  await expect(rating).toBeHidden();
  await expect(attendee.getByRole('button', { name: 'Rate The Host' })).toHaveCount(0);
  await expectAccessible(attendee);
  await captureScreens(attendee, 'payments-event-after-rating');

  // The host's profile as the attendee sees it: the new rating, RATED, and SEND TIP.
  await attendee.goto(`/attendee/host-profile/${hostId}`);
  await expect(attendee.getByRole('img', { name: 'Rated 4.0 out of 5 (1 review)' })).toBeVisible();
  await expect(attendee.getByRole('button', { name: 'RATED' })).toBeDisabled();
  await expectAccessible(attendee);

  // A tip cancelled on the checkout page comes back to the profile and is not counted.
  const cancelled = await startTip(
    attendee,
    attendee.getByRole('button', { name: 'SEND TIP' }),
    '$1',
  );
  await cancelled.getByRole('button', { name: 'PAY NOW' }).click();
  await expect(attendee).toHaveURL(/\/demo\/checkout\/demo_cs_/);
  await attendee.getByRole('button', { name: 'Cancel' }).click();
  await expect(attendee).toHaveURL(new RegExp(`/attendee/host-profile/${hostId}$`));
  await expectToast(attendee, TIP_CANCELLED);
  await host.reload();
  await expect(tipsCard).toContainText('2 tips');

  // The attendee's card: checked in the browser; only brand, last 4 digits and expiry leave it.
  const expiryYear = new Date().getUTCFullYear() + 2;
  const sentBodies: string[] = [];
  attendee.on('request', (request) => {
    const body = request.postData();
    if (body) sentBodies.push(body);
  });
  await attendee.goto('/attendee/profile/edit');
  await expect(
    attendee.getByText('Your card number never leaves this device', { exact: false }),
  ).toBeVisible();
  await expect(attendee.getByLabel('CVC')).toHaveCount(0);
  await attendee.getByLabel('Card number').fill('4242 4242 4242 4241');
  await attendee.getByLabel('Expiry month').fill('12');
  await attendee.getByLabel('Expiry year').fill(String(expiryYear));
  await attendee.getByRole('button', { name: 'Save card' }).click();
  await expect(attendee.getByText(WALLET_MSG.cardNumberInvalid)).toBeVisible();
  await expectAccessible(attendee);
  await attendee.getByLabel('Card number').fill('4242 4242 4242 4242');
  await attendee.getByRole('button', { name: 'Save card' }).click();
  await expectToast(attendee, WALLET_MSG.cardSaved);
  const summary = `Visa •••• 4242, expires 12/${String(expiryYear).slice(2)}`;
  await expect(attendee.getByText(summary)).toBeVisible();
  await attendee.reload();
  await expect(attendee.getByText(summary)).toBeVisible();
  await expect(attendee.locator('body')).not.toContainText('4242 4242 4242 4242');
  // No request of the wallet flow carried the card number, in any spacing.
  expect(sentBodies.length).toBeGreaterThan(0);
  for (const body of sentBodies) expect(body).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
  await expectAccessible(attendee);
  await captureScreens(attendee, 'payments-attendee-wallet');

  await attendeeContext.close();
});
