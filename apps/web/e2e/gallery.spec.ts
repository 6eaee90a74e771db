import { expect, test, type Page } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';
import { dismissUpsellAfterResult } from './support/upsell';

/** Generates `prompt` with the preview model and saves it to favorites from the modal. */
async function generateAndSave(page: Page, prompt: string) {
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByLabel('Prompt').fill(prompt);
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await dismissUpsellAfterResult(page, 30_000);
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save to favorites' }).click();
  await expect(dialog.getByRole('button', { name: 'Saved!' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close modal' }).click();
  await expect(dialog).toBeHidden();
}

test('saved images fill the gallery: search, detail view, download and removal', async ({
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'gallery');
  await expect(page.getByText('Your gallery is empty')).toBeVisible();
  const header = page.locator('[data-slot="header-credits"]');
  await header.getByRole('button', { name: 'Get daily credits' }).click();
  await expect(header.getByTestId('credit-balance-value')).toHaveText('10');

  await generateAndSave(page, 'A lantern festival over a river');
  await generateAndSave(page, 'A fox asleep in fresh snow');

  // Saved without a reload of the page.
  const tiles = page.getByRole('list', { name: 'Favorites' }).getByTestId('gallery-tile');
  await expect(tiles).toHaveCount(2);
  await expect(page.getByText('2 images in your gallery')).toBeVisible();

  await page.getByPlaceholder('Search your gallery by prompt or phrases...').fill('FOX');
  await expect(tiles).toHaveCount(1);
  await expect(page.getByText('1 image found')).toBeVisible();

  await page.getByRole('button', { name: 'Open image: A fox asleep in fresh snow' }).click();
  const detail = page.getByRole('dialog', { name: 'Image details' });
  await expect(detail.getByRole('img', { name: 'A fox asleep in fresh snow' })).toBeVisible();
  const shortId = await detail.locator('dd .font-mono[title]').textContent();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^favorite-${shortId}[\\w-]*\\.png$`));

  await detail.getByRole('button', { name: 'Remove' }).click();
  await detail.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(detail).toBeHidden();
  await expect(page.getByText('No images found')).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(tiles).toHaveCount(1);
  await page.reload();
  await expect(tiles).toHaveCount(1);
  await expect(
    page.getByRole('button', { name: 'Open image: A lantern festival over a river' }),
  ).toBeVisible();
});
