import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

/**
 * Wildcards (issue 46): a list saved on the profile, named as `__name__` in a batch of 4, counts
 * 4 distinct prompts before the submit and gives the 4 images 4 prompts, one line each, shown in
 * the history. The free "Preview" model needs no credits.
 */
test('wildcards: a batch of 4 over a list of 4 lines shows 4 prompts', async ({ page }) => {
  await signUpVerifiedAndSignIn(page, 'wildcards');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Wildcards' });
  await section.getByLabel('List name').fill('place');
  await section.getByLabel('Lines', { exact: true }).fill('a forest\na beach\na city\na desert');
  await section.getByRole('button', { name: 'Save list' }).click();
  await expect(section.getByRole('list', { name: 'Your wildcard lists' })).toContainText(
    '__place__a forest, a beach, a city, … (4 lines)',
  );

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByRole('button', { name: /^Options/ }).click();
  await dialog.getByRole('group', { name: 'Model' }).getByText('Preview', { exact: true }).click();
  await dialog.getByRole('group', { name: 'Images' }).getByText('4', { exact: true }).click();
  await dialog.getByLabel('Prompt').fill('a paper lantern in __place__');
  await expect(dialog.getByTestId('prompt-choices')).toContainText(
    '4 distinct prompts for 4 images',
  );
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible({ timeout: 90_000 });

  await page.goto('/history/generations');
  const prompts = page.getByRole('list', { name: 'Prompt of each image' }).getByRole('listitem');
  await expect(prompts).toHaveCount(4);
  const texts = (await prompts.allTextContents()).map((text) => text.replace(/^Image \d: /, ''));
  expect(texts.sort()).toEqual(
    ['a beach', 'a city', 'a desert', 'a forest'].map((place) => `a paper lantern in ${place}`),
  );
});
