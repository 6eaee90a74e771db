import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn, TEST_PASSWORD } from './support/accounts';
import { expectFocusInside, settleQueuedTimers, tabTo } from './support/keyboard';
import { uniqueEmail } from './support/outbox';
import { UPSELL_DIALOG_NAME } from './support/upsell';

test('sign up with the keyboard alone: errors heard, the first field focused, then done', async ({
  page,
}) => {
  await page.goto('/signup');
  const submit = page.getByRole('button', { name: 'Create Account' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('4 fields need a change');
  await expect(page.getByLabel('Name')).toBeFocused();
  await settleQueuedTimers(page);

  await page.keyboard.type('Night Owl');
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniqueEmail('keyboard'));
  await page.keyboard.press('Tab');
  await page.keyboard.type(TEST_PASSWORD);
  const adult = page.getByLabel('I confirm that I am 18 years of age or older');
  await tabTo(page, adult);
  await page.keyboard.press('Space');
  await expect(adult).toBeChecked();
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
});

test('generate, dismiss the offer, save and open the detail view with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpVerifiedAndSignIn(page, 'keyboard-generate');

  // The first stop is the skip link, shown while focused; it lands in the page's main region.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The account menu's focused item shows the focus ring, not only a lighter background.
  await tabTo(page, page.getByRole('button', { name: /account menu$/i }));
  await page.keyboard.press('Enter');
  const firstItem = page.getByRole('menuitem', { name: 'Credit History' });
  await expect(firstItem).toBeFocused();
  const outline = await firstItem.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');

  const claim = page.getByRole('button', { name: 'Get daily credits' });
  await tabTo(page, claim);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('credit-balance-value').first()).toHaveText('10');

  const open = page.getByRole('button', { name: 'Generate Image' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await expect(dialog.getByLabel('Prompt')).toBeFocused();
  await page.keyboard.type('A snow owl on a moonlit branch');
  await tabTo(page, dialog.getByRole('button', { name: 'Generate', exact: true }));
  await page.keyboard.press('Enter');

  // The offer opens over the result; Escape closes it and focus goes back into the dialog.
  const upsell = page.getByRole('dialog', { name: UPSELL_DIALOG_NAME });
  await expect(upsell).toBeVisible({ timeout: 60_000 });
  await expectFocusInside(upsell);
  await page.keyboard.press('Escape');
  await expect(upsell).toBeHidden();
  await expectFocusInside(dialog);

  // Saving disables the button: focus goes on to the next control, never to the page, and the
  // save is announced.
  await tabTo(page, dialog.getByRole('button', { name: 'Save to favorites' }));
  await page.keyboard.press('Enter');
  await expectFocusInside(dialog);
  await expect(dialog.getByRole('button', { name: 'Saved!' })).toBeDisabled();
  await expect(dialog.getByRole('status').filter({ hasText: 'Saved to favorites' })).toHaveCount(1);
  await expectFocusInside(dialog);
  expect(await page.evaluate(() => document.activeElement?.matches(':disabled'))).toBe(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  const tile = page.getByRole('button', { name: 'Open image: A snow owl on a moonlit branch' });
  await tabTo(page, tile);
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: 'Image details' });
  await expect(detail).toBeVisible();
  await expectFocusInside(detail);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(tile).toBeFocused();
});
