import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

/**
 * Characters (issue 46): one saved on the profile is completed after `@` in the prompt field
 * (arrow keys and Enter), and the history shows the prompt as the engine got it, the description
 * put in. The free "Preview" model needs no credits.
 */
test('characters: saved on the profile, completed after @, expanded in the history', async ({
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'characters');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Characters' });
  await section.getByLabel('Character name').fill('mira');
  await section.getByLabel('Description', { exact: true }).fill('a woman with silver hair');
  await section.getByRole('button', { name: 'Save character' }).click();
  await expect(section.getByRole('list', { name: 'Characters' })).toContainText(
    '@miraa woman with silver hair',
  );

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByRole('button', { name: /^Options/ }).click();
  await dialog.getByRole('group', { name: 'Model' }).getByText('Preview', { exact: true }).click();
  const prompt = dialog.getByLabel('Prompt');
  await prompt.click();
  await prompt.pressSequentially('portrait of @mi');
  const option = dialog.getByRole('option', { name: /@mira/ });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(prompt).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await prompt.press('Enter');
  await expect(dialog.getByRole('listbox')).toHaveCount(0);
  await prompt.pressSequentially('smiling');
  await expect(prompt).toHaveValue('portrait of @mira smiling');

  const submit = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/generate'),
  );
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  expect((await submit).postDataJSON()).toMatchObject({
    content_prompt: 'portrait of @mira smiling',
  });
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible({ timeout: 60_000 });

  await page.goto('/history/generations');
  const prompts = page.getByRole('list', { name: 'Prompt of each image' }).getByRole('listitem');
  await expect(prompts).toHaveText(['Image 1: portrait of a woman with silver hair smiling']);
});
