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

/**
 * Lets the page run the timers already queued. react-hook-form focuses a refused form's first
 * invalid field twice, at once and again from a zero-delay timer; on a loaded machine that timer
 * can fire after the next keys were typed, and send focus on to the field that is still invalid.
 * A timer queued now runs after it.
 */
export async function settleQueuedTimers(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
