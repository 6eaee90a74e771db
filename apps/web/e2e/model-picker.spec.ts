import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

/**
 * The e2e server has no model installed: its catalog is the preview model alone, the default,
 * free of credits. The modal says so before the submit and sends that model.
 */
test('model picker: the preview model is chosen, said to be abstract and free, and sent', async ({
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'model-picker');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await expect(
    dialog.getByText('This server has no image model installed yet: images are abstract previews'),
  ).toBeVisible();
  await expect(dialog.getByTestId('generation-cost')).toHaveText('Free');

  await dialog.getByRole('button', { name: /^Options/ }).click();
  const models = dialog.getByRole('group', { name: 'Model' });
  await expect(models.getByRole('radio', { checked: true })).toHaveCount(1);

  await dialog.getByLabel('Prompt').fill('a lone lighthouse under a violet aurora');
  const submit = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/generate'),
  );
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const body = (await submit).postDataJSON() as { model?: string };
  expect(typeof body.model).toBe('string');
});
