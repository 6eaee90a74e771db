import { expect, test, type Locator } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';
import { dismissUpsellAfterResult } from './support/upsell';

async function finishedImageWidth(dialog: Locator) {
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible({ timeout: 60_000 });
  const image = dialog.getByRole('img', { name: /generated/i });
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth);
}

test('vary a result subtly and upscale it ×2; history shows both beside their source', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpVerifiedAndSignIn(page, 'variations');
  const header = page.locator('[data-slot="header-credits"]');
  await header.getByRole('button', { name: 'Get daily credits' }).click();
  await expect(header.getByTestId('credit-balance-value')).toHaveText('10');

  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByLabel('Prompt').fill('A lighthouse on a cliff at dusk');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await dismissUpsellAfterResult(page);
  const sourceWidth = await finishedImageWidth(dialog);

  // Vary (subtle) on the result: the same modal follows the new request to its image.
  await dialog.getByRole('button', { name: /^Vary \(subtle\), 1 credit/ }).click();
  await dismissUpsellAfterResult(page);
  expect(await finishedImageWidth(dialog)).toBe(sourceWidth);
  await expect(header.getByTestId('credit-balance-value')).toHaveText('8');
  await dialog.getByRole('button', { name: 'Close modal' }).click();

  // Upscale ×2 from the source's history row opens the modal on the new request's progress.
  await page.goto('/history/generations');
  const rows = page.getByTestId('generation-row');
  await expect(rows).toHaveCount(2);
  const source = rows.nth(1);
  await expect(source).toContainText('Made from this image: 1 variation');
  await source.getByRole('button', { name: /^Upscale ×2, 1 credit/ }).click();
  const upscaled = page.getByRole('dialog', { name: 'Generate Image' });
  await dismissUpsellAfterResult(page);
  expect(await finishedImageWidth(upscaled)).toBe(sourceWidth * 2);
  await upscaled.getByRole('button', { name: 'Close modal' }).click();
  await expect(header.getByTestId('credit-balance-value')).toHaveText('7');

  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Upscaled ×2 from image');
  await expect(rows.nth(1)).toContainText('Variation (subtle) of image');
  await expect(rows.nth(2)).toContainText('Made from this image: 1 variation, 1 upscale');
  const link = rows.nth(0).getByRole('link', { name: /^image / });
  const anchor = (await link.getAttribute('href')) ?? '';
  await expect(rows.nth(2).locator(anchor)).toHaveCount(1);
});
