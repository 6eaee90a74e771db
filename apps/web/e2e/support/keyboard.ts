import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has focus, as a keyboard user moves through the page. */
export async function tabTo(page: Page, target: Locator, most = 40): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** What has focus now stays inside `container` (focus never falls to the page). */
export async function expectFocusInside(container: Locator): Promise<void> {
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
}
