import { expect, type Locator, type Page } from '@playwright/test';
import { LAPTOP, PHONE, expectAccessible, signUpAndLogIn } from './support/app.ts';
import { test } from './support/test.ts';

/**
 * The legal links (Terms of Service, Privacy & Policy) close every page in the
 * flow, after its content. Fixed to the bottom of the screen they covered
 * whatever scrolled under them: a queue's "Mark as played", a select's options.
 */

function legalLinks(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Legal' });
}

async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** On a page longer than the screen, the links are out of sight until the end, then below `last`. */
async function expectLinksAfterLongContent(page: Page, last: Locator): Promise<void> {
  const links = legalLinks(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(links).toBeVisible();
  await expect(links).not.toBeInViewport();
  await scrollToEnd(page);
  await expect(links).toBeInViewport();
  await expect(last).toBeInViewport({ ratio: 1 });
  const linksBox = await links.boundingBox();
  const lastBox = await last.boundingBox();
  if (!linksBox || !lastBox) throw new Error('The links or the last control have no box.');
  expect(linksBox.y).toBeGreaterThanOrEqual(lastBox.y + lastBox.height);
}

test('the legal links follow the content of signed-in pages and cover none of it', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'Layout Host');

  // A short page (no events yet on a laptop): the links sit at the foot of the screen.
  await page.setViewportSize(LAPTOP);
  await page.goto('/host/event');
  await expect(page.getByRole('button', { name: 'Create Event' })).toBeVisible();
  await expect(legalLinks(page)).toBeInViewport({ ratio: 1 });
  const linksBox = await legalLinks(page).boundingBox();
  expect(linksBox && linksBox.y + linksBox.height).toBeGreaterThan(LAPTOP.height - 80);

  // A long page: Settings, whose last control is Save.
  await page.goto('/host/profile/edit');
  const save = page.getByRole('form', { name: 'Profile details' }).getByRole('button', {
    name: 'Save',
  });
  await expect(save).toBeVisible();
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await expectLinksAfterLongContent(page, save);
  }
  await expectAccessible(page);
});

test('the sign-in and public pages end with the legal links too', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/auth/register');
  await expectLinksAfterLongContent(page, page.getByRole('button', { name: 'Register' }));

  await page.goto('/trems-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await scrollToEnd(page);
  await expect(legalLinks(page)).toBeInViewport();
});
