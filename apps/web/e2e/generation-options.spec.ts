import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';
import { dismissUpsellAfterResult } from './support/upsell';

async function claimDailyCredits(page: Page) {
  const header = page.locator('[data-slot="header-credits"]');
  await header.getByRole('button', { name: 'Get daily credits' }).click();
  await expect(header.getByTestId('credit-balance-value')).toHaveText('10');
  return header;
}

/**
 * The bytes of each shown image as base64: a `result` event's data URL as is, an image link read
 * with the page's session (the page's own fetch may not read data: URLs under its CSP).
 */
async function imageBytes(dialog: Locator): Promise<string[]> {
  const images = dialog.getByRole('img', { name: /^Generated image/ });
  await expect(images.first()).toBeVisible();
  const sources = await images.evaluateAll((elements) =>
    elements.map((element) => (element as HTMLImageElement).src),
  );
  const page = dialog.page();
  return Promise.all(
    sources.map(async (source) => {
      if (source.startsWith('data:')) return source.slice(source.indexOf(',') + 1);
      const response = await page.request.get(source);
      expect(response.ok()).toBe(true);
      return (await response.body()).toString('base64');
    }),
  );
}

test('options: 16:9 and 2 images, both shown with seeds; remix from the history gives the same bytes', async ({
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'options');
  const header = await claimDailyCredits(page);

  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await expect(dialog.getByLabel('Prompt')).toHaveAttribute('rows', '5');
  await expect(dialog.getByText('Be specific and descriptive for the best results')).toBeVisible();
  await dialog.getByRole('button', { name: /^Options/ }).click();
  await dialog.getByText('16:9', { exact: true }).click();
  await dialog.getByRole('group', { name: 'Images' }).getByText('2', { exact: true }).click();
  await expect(dialog.getByTestId('generation-cost')).toHaveText('2 credits');
  await dialog.getByLabel('Prompt').fill('A paper lantern floating over a lake');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await dismissUpsellAfterResult(page);
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible();

  await expect(dialog.getByRole('img', { name: /^Generated image/ })).toHaveCount(2);
  const seeds = await dialog.getByTestId('image-seed').allTextContents();
  expect(seeds).toHaveLength(2);
  expect(Number(seeds[1])).toBe(Number(seeds[0]) + 1);
  const first = await imageBytes(dialog);
  await expect(header.getByTestId('credit-balance-value')).toHaveText('8');

  // The two images are one history entry, in order, each at 16:9 (issue 31 items 8 and 11).
  await page.goto('/history/generations');
  await expect(page.getByTestId('generation-row')).toHaveCount(1);
  const row = page.getByTestId('generation-row');
  await expect(row.getByTestId('generation-options')).toContainText(`16:9`);
  await expect(row.getByTestId('generation-options')).toContainText(`seeds from ${seeds[0]}`);
  await expect(row.getByTestId('generation-options')).toContainText('2 images');
  const thumbnails = row.getByRole('button', { name: /^Open image \d of 2/ });
  await expect(thumbnails).toHaveCount(2);
  const box = await thumbnails.first().boundingBox();
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
  // The list loads a smaller copy from srcset; the server answers it as WebP.
  const thumbnail = thumbnails.first().locator('img');
  // currentSrc is empty until the browser has chosen a candidate and loaded it.
  await expect
    .poll(() => thumbnail.evaluate((image) => (image as HTMLImageElement).currentSrc))
    .toMatch(/[?&]w=(256|512)$/);
  // The detail view names every option of the image it shows.
  await thumbnails.nth(1).click();
  const details = page.getByRole('dialog', { name: 'Image details' });
  await expect(details.getByText(String(Number(seeds[0]) + 1), { exact: true })).toBeVisible();
  await expect(details.getByText('2 of 2', { exact: true })).toBeVisible();
  await expect(details.getByText('Source prompt')).toHaveCount(0);
  await details.getByRole('button', { name: 'Close modal' }).click();

  // Credit history: the two debits read as one line naming the prompt.
  await page.goto('/history/credits');
  const lines = page.getByRole('list', { name: 'Credit transactions' });
  await expect(lines.getByTestId('credit-detail').first()).toHaveText(
    '2 images · “A paper lantern floating over a lake”',
  );
  await expect(lines.getByTestId('credit-amount').first()).toHaveText('-2');

  await page.goto('/history/generations');
  await row.getByRole('button', { name: /^Use these settings/ }).click();
  const remix = page.getByRole('dialog', { name: 'Generate Image' });
  await expect(remix.getByLabel('Prompt')).toHaveValue('A paper lantern floating over a lake');
  await expect(remix.getByLabel('Seed')).toHaveValue(seeds[0] ?? '');
  await expect(remix.getByRole('radio', { name: '16:9' })).toBeChecked();
  await expect(remix.getByTestId('generation-cost')).toHaveText('2 credits');
  await remix.getByRole('button', { name: 'Generate', exact: true }).click();
  await dismissUpsellAfterResult(page);
  await expect(remix.getByText('Image generated successfully!')).toBeVisible();
  expect(await remix.getByTestId('image-seed').allTextContents()).toEqual(seeds);
  expect(await imageBytes(remix)).toEqual(first);
});

test('cancelling a slow generation returns its credit', async ({ page }) => {
  // This server's backend is unreachable: each attempt hangs up to 5 s, so the job stays running.
  const slow = {
    baseUrl: process.env.E2E_FAILING_BASE_URL ?? '',
    dataDir: process.env.E2E_FAILING_DATA_DIR ?? '',
  };
  await signUpVerifiedAndSignIn(page, 'cancel', slow);
  const header = await claimDailyCredits(page);

  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByLabel('Prompt').fill('A slow glacier at night');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(header.getByTestId('credit-balance-value')).toHaveText('9');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText('Generation cancelled')).toBeVisible();
  await expect(header.getByTestId('credit-balance-value')).toHaveText('10');

  await page.goto(`${slow.baseUrl}/history/generations`);
  const row = page.getByTestId('generation-row').filter({ hasText: 'A slow glacier at night' });
  // A cancel is no failure: a neutral 'Cancelled' badge, no error line.
  await expect(row.getByTestId('generation-status')).toHaveText('Cancelled');
  await expect(row.getByTestId('generation-status')).toHaveAttribute('data-colour', 'gray');
});
