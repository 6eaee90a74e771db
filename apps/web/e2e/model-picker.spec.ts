import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

/**
 * The e2e server's catalog (support/e2e-models.json): "Studio", the default at one credit per
 * image, and the free "Preview", both on the preview engine. The modal says before the submit
 * that images are abstract previews, the cost follows the chosen model, and the submit sends it.
 */
test('model picker: the chosen model sets the cost and the notice, and is sent', async ({
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'model-picker');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await expect(
    dialog.getByText('This server has no image model installed yet: images are abstract previews.'),
  ).toBeVisible();
  await expect(dialog.getByTestId('generation-cost')).toHaveText('1 credit');

  await dialog.getByRole('button', { name: /^Options/ }).click();
  const models = dialog.getByRole('group', { name: 'Model' });
  await expect(models.getByRole('radio', { name: /Studio/, checked: true })).toBeVisible();
  // The radio itself is visually hidden inside its card: a person clicks the card.
  await models.getByText('Preview', { exact: true }).click();
  await expect(models.getByRole('radio', { name: /Preview/, checked: true })).toBeVisible();
  await expect(dialog.getByTestId('generation-cost')).toHaveText('Free');
  await expect(
    dialog.getByText(
      'This server has no image model installed yet: images are abstract previews, and they cost no credits.',
    ),
  ).toBeVisible();

  await dialog.getByLabel('Prompt').fill('a lone lighthouse under a violet aurora');
  const submit = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/generate'),
  );
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const body = (await submit).postDataJSON() as { model?: string };
  expect(body.model).toBe('preview');
});
