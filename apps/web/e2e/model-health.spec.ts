import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

/**
 * The failing server's catalog (playwright.config.ts): "Broken GPU", whose server answers its
 * probe, and "Offline GPU", a ComfyUI nobody listens for. The worker's probe finds the second
 * unreachable, so the picker greys it with the reason a person may read, and the default stays
 * on the model that answers (decision 077).
 */
test('a model whose server is down is greyed in the picker with its reason', async ({ page }) => {
  const failing = {
    baseUrl: process.env.E2E_FAILING_BASE_URL ?? '',
    dataDir: process.env.E2E_FAILING_DATA_DIR ?? '',
  };
  await signUpVerifiedAndSignIn(page, 'model-health', failing);
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByRole('button', { name: /^Options/ }).click();
  const models = dialog.getByRole('group', { name: 'Model' });

  const offline = models.getByRole('radio', { name: /Offline GPU/ });
  await expect(offline).toBeDisabled();
  const card = models.locator('label').filter({ hasText: 'Offline GPU' });
  await expect(card).toContainText('Unavailable');
  await expect(card).toContainText('Its image server cannot be reached right now.');
  // No host or port of the operator's reaches the person.
  await expect(card).not.toContainText('127.0.0.1');
  await expect(models.getByRole('radio', { name: /Broken GPU/, checked: true })).toBeEnabled();
});
