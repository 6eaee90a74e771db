import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

/**
 * Presets and prompt choices: options saved under a name in the modal come back with one choice
 * after other options were set, a prompt with `{a|b}` makes that many distinct prompts, and each
 * image's prompt shows in the history. The free "Preview" model needs no credits.
 */
test('presets: save in the modal, apply after changing options, submit with prompt choices', async ({
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'presets');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  const optionsButton = dialog.getByRole('button', { name: /^Options/ });
  await optionsButton.click();
  await dialog.getByRole('group', { name: 'Model' }).getByText('Preview', { exact: true }).click();
  await dialog.getByText('3:4', { exact: true }).click();
  await dialog.getByRole('group', { name: 'Images' }).getByText('2', { exact: true }).click();
  await dialog.getByRole('group', { name: 'Quality' }).getByText('Best', { exact: true }).click();
  await expect(optionsButton).toContainText('Preview · 3:4 · 2 images · Best');

  await dialog.getByRole('button', { name: 'Save as preset' }).click();
  await dialog.getByLabel('Preset name').fill('Tall previews');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved “Tall previews”.');

  // Other options, then the preset back with one choice.
  await dialog.getByRole('group', { name: 'Model' }).getByText('Studio', { exact: true }).click();
  await dialog.getByText('16:9', { exact: true }).click();
  await dialog.getByRole('group', { name: 'Images' }).getByText('1', { exact: true }).click();
  await expect(optionsButton).toContainText('Studio · 16:9 · 1 image');
  await dialog.getByRole('combobox', { name: 'Preset' }).selectOption({ label: 'Tall previews' });
  await expect(dialog.getByRole('status')).toHaveText('Applied “Tall previews”.');
  await expect(optionsButton).toContainText('Preview · 3:4 · 2 images · Best');
  await expect(dialog.getByTestId('generation-cost')).toHaveText('Free');

  await dialog.getByLabel('Prompt').fill('a {red|blue} paper lantern over a lake');
  await expect(dialog.getByTestId('prompt-choices')).toContainText(
    '2 distinct prompts for 2 images',
  );
  const submit = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/generate'),
  );
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  const body = (await submit).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    content_prompt: 'a {red|blue} paper lantern over a lake',
    model: 'preview',
    aspect_ratio: '3:4',
    image_count: 2,
    quality: 'best',
  });
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible({ timeout: 60_000 });

  await page.goto('/history/generations');
  const prompts = page.getByRole('list', { name: 'Prompt of each image' }).getByRole('listitem');
  await expect(prompts).toHaveCount(2);
  const texts = (await prompts.allTextContents()).map((text) => text.replace(/^Image \d: /, ''));
  expect(texts.sort()).toEqual([
    'a blue paper lantern over a lake',
    'a red paper lantern over a lake',
  ]);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Presets' });
  await expect(section.getByRole('listitem')).toHaveText([/Tall previews/]);
});
