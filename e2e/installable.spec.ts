import { expect, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import {
  createEventAsHost,
  PHONE,
  signUpAndLogIn,
  waitForServiceWorkerControl,
} from './support/app.ts';
import { test } from './support/test.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Every URL the page's caches hold. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test('a guest who loaded an event landing once can reload it offline: the app shell, not the browser error', async ({
  page: host,
  browser,
}) => {
  test.slow();
  await signUpAndLogIn(host, 'Rio Host');
  const tonight = await createEventAsHost(host, 'Offline Dock', -10);

  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const phone = await context.newPage();
  await phone.goto(`/e/${tonight.code}`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Offline Dock' })).toBeVisible();
  await waitForServiceWorkerControl(phone);

  await context.setOffline(true);
  await phone.reload();
  // index.html came from the worker's cache: the app draws its frame and says it is offline.
  await expect(phone.getByRole('link', { name: 'Floorfill' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(phone).toHaveTitle(/Floorfill/);
  await phone.screenshot({ path: 'test-results/screenshots/offline-landing-375.png' });

  // What the worker keeps is the app itself: no API answer, upload or socket call.
  const kept = await cachedUrls(phone);
  expect(kept).toContain('/index.html');
  expect(kept.filter((url) => /^\/(api|uploads|socket\.io)\//.test(url))).toEqual([]);

  // Back online, the event appears without a reload.
  await context.setOffline(false);
  await expect(phone.getByRole('heading', { level: 1, name: 'Offline Dock' })).toBeVisible();
  await context.close();
});

test('the app can be added to the home screen: a valid manifest whose icons are there', async ({
  page,
}) => {
  await page.goto('/e/UNKNWN');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await page.request.get(href ?? '');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: ManifestIcon[];
  };
  expect(manifest).toMatchObject({
    name: 'Floorfill',
    short_name: 'Floorfill',
    // Opens where the person belongs (their event, their dashboard, or an event code).
    start_url: '/start',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);

  for (const size of [192, 512]) {
    expect(manifest.icons.some((icon) => icon.sizes === `${size}x${size}`)).toBe(true);
  }
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type']).toBe(icon.type);
    const png = PNG.sync.read(await image.body());
    expect(`${png.width}x${png.height}`).toBe(icon.sizes);
  }

  const worker = await page.request.get('/sw.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});
