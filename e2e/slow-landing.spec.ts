import { expect, type Page } from '@playwright/test';
import { createEventAsHost, LAPTOP, PHONE, signUpAndLogIn } from './support/app.ts';
import { holdMainScript } from './support/held-script.ts';
import { test } from './support/test.ts';

/**
 * A guest scanning the QR on a slow network (400 ms round trips, ~50 KB/s
 * each way): Join as guest is on screen and works from the first paint,
 * before the app's script has arrived — the landing is drawn by the server,
 * and its form posts without script. What still loads says so: the event
 * page's search box waits, disabled and saying it is loading, until the app
 * runs it.
 */

const SLOW = {
  offline: false,
  latency: 400,
  downloadThroughput: 50 * 1024,
  uploadThroughput: 50 * 1024,
};

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW);
}

for (const size of [PHONE, LAPTOP]) {
  test(`on a slow network Join as guest shows and works before the app's script arrives (${size.width}px)`, async ({
    page: host,
    browser,
  }) => {
    test.slow();
    await signUpAndLogIn(host, 'Rio Host');
    const event = await createEventAsHost(host, 'Harbour Lights', -30);
    const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await throttle(page);
      const script = await holdMainScript(page);
      await page.goto(`/e/${event.code}`, { waitUntil: 'commit' });

      const join = page.getByRole('button', { name: 'Join as guest' });
      await expect(join).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
      // The page has asked for its main script, which has not run: it is held back.
      await expect.poll(script.held).toBe(true);

      await page.getByLabel('Your first name (optional)').fill('Mia');
      await join.click();
      await page.waitForURL(/\/attendee\/event\//, { waitUntil: 'commit', timeout: 30_000 });
      script.release();

      await expect(page).toHaveURL(new RegExp(`/attendee/event/${event.id}$`), { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Joined' })).toBeVisible();
      // Until the app runs the page, the search box says it is loading; then it is the app's.
      const search = page.getByRole('searchbox', { name: 'Search songs' });
      await expect(search).toBeEnabled({ timeout: 60_000 });
      await expect(page.getByText('Search is loading…')).toHaveCount(0);

      // The server joined the guest under the name they typed.
      const session = await context.request.get('/api/auth/session');
      const body = (await session.json()) as { data: { user: { name: string } } | null };
      expect(body.data?.user.name).toBe('Mia');
      // …and this phone offers that name on its next landing, though the app never saw it typed.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('floorfill.guest-name')))
        .toBe('Mia');
    } finally {
      await context.close();
    }
  });
}
