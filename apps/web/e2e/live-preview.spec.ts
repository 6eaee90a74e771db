import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

/** What the page saw of the live preview, recorded as it happened (a preview lasts a moment). */
interface Seen {
  previews: string[];
  steps: string[];
  /** How many previews had been seen when the completion step appeared. */
  previewsAtCompletion: number | null;
}

test('the progress step shows the image forming before the result arrives', async ({ page }) => {
  await signUpVerifiedAndSignIn(page, 'live-preview');
  const header = page.locator('[data-slot="header-credits"]');
  await header.getByRole('button', { name: 'Get daily credits' }).click();
  await expect(header.getByTestId('credit-balance-value')).toHaveText('10');

  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByRole('button', { name: /^Options/ }).click();
  // Best renders the preview model in 4 steps; the second image starts once the channel is joined.
  await dialog.getByRole('group', { name: 'Quality' }).getByText('Best', { exact: true }).click();
  await dialog.getByRole('group', { name: 'Images' }).getByText('2', { exact: true }).click();
  await dialog.getByLabel('Prompt').fill('A glass lighthouse in a violet storm');

  await page.evaluate(() => {
    const seen: Seen = { previews: [], steps: [], previewsAtCompletion: null };
    (window as unknown as { livePreview: Seen }).livePreview = seen;
    new MutationObserver(() => {
      document
        .querySelectorAll<HTMLImageElement>('[data-testid="live-preview-image"]')
        .forEach((image) => {
          if (!seen.previews.includes(image.src)) seen.previews.push(image.src);
        });
      document.querySelectorAll('[data-testid="live-preview-frame"] span').forEach((step) => {
        const text = step.textContent ?? '';
        if (!seen.steps.includes(text)) seen.steps.push(text);
      });
      if (
        seen.previewsAtCompletion === null &&
        document.body.textContent?.includes('Image generated successfully!')
      )
        seen.previewsAtCompletion = seen.previews.length;
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible({ timeout: 60_000 });

  const seen = await page.evaluate(() => (window as unknown as { livePreview: Seen }).livePreview);
  expect(seen.previews.length).toBeGreaterThan(0);
  expect(seen.previewsAtCompletion).toBe(seen.previews.length);
  for (const preview of seen.previews) expect(preview).toMatch(/^data:image\/webp;base64,/);
  expect(seen.steps.some((step) => /^Step [1-3] of 4$/.test(step))).toBe(true);
  // The completion step shows the results, not the previews.
  await expect(dialog.getByTestId('live-preview-image')).toHaveCount(0);
});
