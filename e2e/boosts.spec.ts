import { BOOST_MSG } from '@floorfill/shared';
import { expect, type Page } from '@playwright/test';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  PHONE,
  signUpAndLogIn,
} from './support/app.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

/**
 * Boosts in demo payments (issue 30), end to end: the host turns boosts on
 * in the booth; a guest boosts a request through the demo checkout, the host
 * plays it and the guest sees it charged; a boost on a song the host rejects
 * shows released, nothing charged.
 */

async function requestSong(phone: Page, eventId: number, songId: string): Promise<void> {
  const res = await phone.request.post('/api/v1/send-song-request', {
    data: { event_id: eventId, song_id: songId },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Boost, the smallest amount, through the demo checkout's Hold button, back on the event page. */
async function boostThroughCheckout(phone: Page, eventId: number, songName: string) {
  await phone.getByRole('button', { name: `Boost “${songName}”` }).click();
  const dialog = phone.getByRole('dialog');
  await expect(dialog).toContainText('charged only if the DJ plays it');
  await expectAccessible(phone);
  await captureScreens(phone, 'boost-dialog');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(phone).toHaveURL(/\/demo\/checkout\/demo_cs_/);
  await expect(phone.getByRole('heading', { name: 'Boost your request' })).toBeVisible();
  await phone.getByRole('button', { name: 'Hold $2.00' }).click();
  await expect(phone).toHaveURL(new RegExp(`/attendee/event/${eventId}$`));
  await expectToast(phone, BOOST_MSG.held);
}

test('a guest boosts a request: charged once the DJ plays it, released when the DJ passes on it', async ({
  page: host,
  browser,
}) => {
  test.slow();
  const phoneContext = await browser.newContext({ viewport: PHONE });
  await logToasts(phoneContext);
  try {
    await signUpAndLogIn(host, 'Boost Host');
    const connected = await host.request.post('/api/v1/connect-stripe-account', { data: {} });
    expect(connected.ok(), await connected.text()).toBe(true);
    const event = await createEventAsHost(host, 'Boost Night');

    // The booth's request controls: boosts on, a play counts at once.
    await host.goto(`/host/event/${event.id}/booth`);
    await host.getByRole('tab', { name: 'Request controls' }).click();
    await host.getByRole('switch', { name: /Guests can boost requests/ }).click();
    await host.getByLabel('Counts as played after (seconds)').fill('0');
    await host.getByRole('button', { name: 'Save request controls' }).click();
    await expect(host.getByLabel('Counts as played after (seconds)')).toHaveValue('0');

    const phone = await phoneContext.newPage();
    await phone.goto(`/e/${event.code}`);
    await phone.getByLabel('Your first name (optional)').fill('Bea');
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await expect(phone).toHaveURL(new RegExp(`/attendee/event/${event.id}$`));
    await requestSong(phone, event.id, 'cat-black-lace--agadoo');
    await requestSong(phone, event.id, 'cat-2-unlimited--get-ready-for-this');
    await phone.reload();

    await boostThroughCheckout(phone, event.id, 'Agadoo');
    const agadoo = phone.getByRole('list', { name: 'Boosts of Agadoo' });
    await expect(agadoo).toContainText('Boost of $2.00 held: charged only if it plays.');

    // The booth sees the song's boost total.
    const queueRow = host.getByRole('listitem').filter({ hasText: 'Agadoo' }).first();
    await expect(queueRow).toContainText('Boosted $2.00');
    await expectAccessible(host);
    await captureScreens(host, 'booth-boosted');

    const played = await host.request.post('/api/v1/mark-as-song-request', {
      data: { event_id: event.id, song_id: 'cat-black-lace--agadoo', mark_as: 'playing' },
    });
    expect(played.ok(), await played.text()).toBe(true);
    await expect(agadoo).toContainText('Your boost of $2.00 was charged: it is playing.');

    await boostThroughCheckout(phone, event.id, 'Get Ready for This');
    const rejected = await host.request.post('/api/v1/mark-as-song-request', {
      data: {
        event_id: event.id,
        song_id: 'cat-2-unlimited--get-ready-for-this',
        mark_as: 'reject',
      },
    });
    expect(rejected.ok(), await rejected.text()).toBe(true);
    await expect(phone.getByRole('list', { name: 'Boosts of Get Ready for This' })).toContainText(
      'Not played, nothing charged: your boost of $2.00 was released (the DJ passed on it).',
    );
    await expectAccessible(phone);
    await captureScreens(phone, 'boost-states');

    // After the night: the summary counts the boosts, and the host gives the charged one back.
    const ended = await host.request.post('/api/v1/update-event', {
      data: {
        id: event.id,
        name: event.name,
        start_time: new Date(Date.now() - 3_600_000).toISOString(),
        end_time: new Date(Date.now() - 1000).toISOString(),
      },
    });
    expect(ended.ok(), await ended.text()).toBe(true);
    await host.goto(`/host/event/${event.id}`);
    const night = host.getByRole('table', { name: 'Boosts of the night' });
    await expect(night).toContainText('Agadoo', { timeout: 30_000 });
    await expect(night).toContainText('Get Ready for This');
    await host.getByRole('button', { name: 'Refund $2.00 to Bea' }).click();
    const confirm = host.getByRole('dialog', { name: 'Refund this boost?' });
    await expect(confirm).toContainText('Refund $2.00 to Bea? This gives the money back.');
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await expect(night.getByRole('row').filter({ hasText: 'Agadoo' })).toContainText('Refunded');
    await expect(host.getByRole('button', { name: 'Refund $2.00 to Bea' })).toHaveCount(0);
    await expectAccessible(host);
    await captureScreens(host, 'night-summary-boosts');
    await expect(agadoo).toContainText('Your boost of $2.00 was refunded.');
  } finally {
    await phoneContext.close();
  }
});
