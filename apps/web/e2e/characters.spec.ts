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

/**
 * A character's reference image (issue 46): one of the person's own results, chosen on the
 * profile, reaches IP-Adapter on "Ink XL" (playwright.config.ts declares `ipAdapter` on it): the
 * fake ComfyUI gets the image uploaded and a workflow that loads it into IPAdapterAdvanced, and
 * refuses a LoadImage of a file it was not given.
 */
test('characters: a reference image chosen on the profile reaches IP-Adapter', async ({
  page,
  request,
}) => {
  const comfy = process.env.E2E_LORA_COMFY_URL ?? '';
  await signUpVerifiedAndSignIn(page, 'reference');
  const generateOnInkXl = async (prompt: string) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Image' });
    // The panel opens as it was last left (a preference), so it is opened only when closed.
    const options = dialog.getByRole('button', { name: /^Options/ });
    if ((await options.getAttribute('aria-expanded')) !== 'true') await options.click();
    await dialog.getByRole('group', { name: 'Model' }).getByText('Ink XL', { exact: true }).click();
    await dialog.getByLabel('Prompt').fill(prompt);
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(dialog.getByText('Image generated successfully!')).toBeVisible({
      timeout: 60_000,
    });
  };
  await generateOnInkXl('a sailor with a red scarf');

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Characters' });
  await section.getByLabel('Character name').fill('nora');
  await section.getByLabel('Description', { exact: true }).fill('a sailor with a red scarf');
  const reference = section.getByRole('group', { name: 'Reference image' });
  await reference.getByRole('button', { name: 'Choose image' }).click();
  await reference
    .getByRole('button', { name: 'Use as reference: a sailor with a red scarf' })
    .click();
  await expect(reference.getByRole('button', { name: 'Remove reference' })).toBeVisible();
  await section.getByRole('button', { name: 'Save character' }).click();
  await expect(section.getByRole('list', { name: 'Characters' })).toContainText('@nora');

  const before = ((await (await request.get(`${comfy}/nocturne/workflows`)).json()) as unknown[])
    .length;
  await generateOnInkXl('portrait of @nora at dawn');
  const workflows = (await (await request.get(`${comfy}/nocturne/workflows`)).json()) as Record<
    string,
    { class_type: string; inputs: Record<string, unknown> }
  >[];
  const nodes = Object.values(workflows.slice(before).at(-1)!);
  const byType = (type: string) => nodes.find((node) => node.class_type === type);
  expect(byType('IPAdapterUnifiedLoader')?.inputs).toMatchObject({
    preset: 'PLUS (high strength)',
  });
  expect(byType('IPAdapterAdvanced')?.inputs).toMatchObject({ weight: 0.7 });
  expect(String(byType('LoadImage')?.inputs.image)).toMatch(/\.png$/);
  const texts = nodes
    .filter((node) => node.class_type === 'CLIPTextEncode')
    .map((node) => node.inputs.text);
  expect(texts).toContain('portrait of a sailor with a red scarf at dawn');
});
