import { expect, type Locator } from '@playwright/test';

/**
 * Selects, menus and date pickers open their popup in a portal at the end of
 * <body>, positioned next to the field a moment after it opens, and hidden
 * again while the field is off screen. The helpers below use them as a person
 * does: open, see the popup in place, then choose. They never click into a
 * popup that is still opening or moving: Playwright would retry such a click
 * by scrolling the page, which can push the field off screen and take the
 * popup with it for good.
 */

/** The popup `trigger` controls (its aria-controls), once the trigger says it is open and it shows. */
export async function openedPopup(trigger: Locator): Promise<Locator> {
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const id = await trigger.getAttribute('aria-controls');
  if (!id) throw new Error('The trigger names no popup (aria-controls).');
  const popup = trigger.page().locator(`[id="${id}"]`);
  await expect(popup).toBeVisible();
  return popup;
}

/** Clicks `trigger` and returns the popup it opened. */
export async function openPopup(trigger: Locator): Promise<Locator> {
  await trigger.click();
  return openedPopup(trigger);
}

/**
 * Picks `option` in a select (the combobox `select`). With `search`, types it
 * and waits until the list shows only the options that contain it, as the
 * select filters. Ends when the select shows the choice and its list has closed.
 */
export async function pickOption(select: Locator, option: string, search?: string): Promise<void> {
  const listbox = await openPopup(select);
  const options = listbox.getByRole('option');
  if (search) {
    const needle = search.trim().toLowerCase();
    const matches = (await options.allTextContents()).filter((label) =>
      label.toLowerCase().includes(needle),
    );
    await select.fill(search);
    await expect(options).toHaveText(matches);
  }
  const choice = listbox.getByRole('option', { name: option, exact: true });
  await expect(choice).toBeInViewport();
  await choice.click();
  await expect(listbox).toBeHidden();
  await expect(select).toHaveValue(option);
}

/** Opens the menu behind `button` and chooses `item`. */
export async function chooseMenuItem(button: Locator, item: string): Promise<void> {
  const menu = await openPopup(button);
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  await expect(entry).toBeInViewport();
  await entry.click();
}
