import { expect } from '@playwright/test';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  PHONE,
  signUpAndLogIn,
} from './support/app.ts';
import { test } from './support/test.ts';

/**
 * Guests' words the room should not see unasked (issue 29), end to end: a
 * guest named rudely types a rude song; the booth shows the words marked
 * Held, the big screen shows "A song request" and "a guest" — never the
 * words, not even in its page's markup — until the DJ presses A.
 */
test('held words reach the booth, never the big screen, until the DJ allows them', async ({
  page: host,
  browser,
}) => {
  test.slow();
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const screenContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    await signUpAndLogIn(host, 'Held Host');
    const event = await createEventAsHost(host, 'Held Night');
    const names = await host.request.post('/api/v1/update-request-settings', {
      data: { event_id: event.id, display_requester_names: true },
    });
    expect(names.ok(), await names.text()).toBe(true);

    const phone = await phoneContext.newPage();
    await phone.goto(`/e/${event.code}`);
    await phone.getByLabel('Your first name (optional)').fill('B1tchface');
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await expect(phone).toHaveURL(new RegExp(`/attendee/event/${event.id}$`));
    const typed = await phone.request.post('/api/v1/send-song-request', {
      data: {
        event_id: event.id,
        song_id: 'typed',
        free_text: true,
        song_name: 'F.u.c.k the DJ',
        song_artist: 'Sh1thead Crew',
      },
    });
    expect(typed.status(), await typed.text()).toBe(201);

    const screen = await screenContext.newPage();
    await screen.goto(`/display/${event.code}`);
    const upNext = screen.getByRole('region', { name: 'Up next' });
    await expect(upNext).toContainText('A song request');
    await expect(upNext).toContainText('a guest');
    const markup = await screen.content();
    for (const words of ['F.u.c.k', 'Sh1thead', 'B1tch']) expect(markup).not.toContain(words);
    await screen.screenshot({ path: 'test-results/screenshots/big-screen-held-1920.png' });

    await host.goto(`/host/event/${event.id}/booth`);
    const row = host.getByRole('list', { name: 'Up next' }).getByRole('listitem').first();
    await expect(row).toContainText('F.u.c.k the DJ');
    await expect(row).toContainText('Held');
    await expectAccessible(host);
    await captureScreens(host, 'booth-held');

    // One key: the room may see the words.
    await host.keyboard.press('a');
    await expect(row).not.toContainText('Held');
    await expect(upNext).toContainText('F.u.c.k the DJ');
    // The name is the host's to allow, in Who is here.
    await host.getByRole('tab', { name: /Who is here/ }).click();
    await host.getByRole('button', { name: 'Allow the name on the big screen: B1tchface' }).click();
    await expect(upNext).toContainText('B1tchface');
  } finally {
    await phoneContext.close();
    await screenContext.close();
  }
});
