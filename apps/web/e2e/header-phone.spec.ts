import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

test.use({ viewport: { width: 390, height: 844 } });

/** Layout only a browser has: the phone header's targets and its status message. */
test('at 390 px the header names every action, shows the whole message, and every target is 44 px', async ({
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'phone-header');
  const header = page.locator('header');
  const message = header.getByTestId('credit-status-message');
  await expect(message).toHaveText('Welcome! Get your daily credits to start generating.');
  // Not cut: the text fits the box it is drawn in.
  expect(await message.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  expect(await message.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  const targets = [
    header.getByRole('link', { name: 'Nocturne' }),
    header.getByRole('button', { name: '0 credits, Buy credits' }),
    header.getByRole('button', { name: 'Get daily credits' }),
    header.getByRole('link', { name: 'Upgrade to Premium' }),
    header.getByRole('button', { name: 'Account menu' }),
  ];
  for (const target of targets) {
    const box = await target.boundingBox();
    const label = await target.evaluate((el) => el.outerHTML.slice(0, 80));
    expect(box, label).not.toBeNull();
    expect(box!.width, label).toBeGreaterThanOrEqual(44);
    expect(box!.height, label).toBeGreaterThanOrEqual(44);
  }
  await expect(header.getByRole('button', { name: 'Get daily credits' })).toHaveAttribute(
    'title',
    'Get daily credits',
  );
  await expect(header.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'title',
    'Upgrade to Premium',
  );
  // The page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await header.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
