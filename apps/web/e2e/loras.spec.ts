import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

/**
 * A LoRA chosen from the picker reaches ComfyUI: "Ink XL" (playwright.config.ts) runs on a fake
 * ComfyUI that keeps the workflows it is given and, like ComfyUI, refuses a LoRA file it lacks.
 * The picker searches by name and shows the trigger words; the image's prompt carries them, and
 * the workflow chains a LoraLoader at the chosen weight between the checkpoint and the sampler.
 */
test('a LoRA chosen in the picker reaches the ComfyUI workflow', async ({ page, request }) => {
  const comfy = process.env.E2E_LORA_COMFY_URL ?? '';
  const before = ((await (await request.get(`${comfy}/nocturne/workflows`)).json()) as unknown[])
    .length;
  await signUpVerifiedAndSignIn(page, 'loras');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByRole('button', { name: /^Options/ }).click();
  await dialog.getByRole('group', { name: 'Model' }).getByText('Ink XL', { exact: true }).click();

  const loras = dialog.getByRole('group', { name: 'LoRAs' });
  await loras.getByLabel('Search LoRAs').fill('ink');
  await expect(loras.getByRole('checkbox')).toHaveCount(1);
  await expect(loras.getByText('Adds: ink sketch')).toBeVisible();
  await loras.getByRole('checkbox', { name: 'Ink sketch' }).check();
  await loras.getByLabel('Weight of Ink sketch').fill('0.6');

  await dialog.getByLabel('Prompt').fill('a harbour at night');
  const submit = page.waitForRequest(
    (sent) => sent.method() === 'POST' && sent.url().endsWith('/api/v1/generate'),
  );
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  expect((await submit).postDataJSON()).toMatchObject({
    model: 'ink-xl',
    loras: [{ id: 'ink', weight: 0.6 }],
  });
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible({ timeout: 60_000 });

  const workflows = (await (await request.get(`${comfy}/nocturne/workflows`)).json()) as Record<
    string,
    { class_type: string; inputs: Record<string, unknown> }
  >[];
  const workflow = workflows.slice(before).at(-1)!;
  const loader = Object.entries(workflow).find(([, node]) => node.class_type === 'LoraLoader');
  expect(loader?.[1].inputs).toMatchObject({
    lora_name: 'ink_sketch.safetensors',
    strength_model: 0.6,
    strength_clip: 0.6,
  });
  const sampler = Object.values(workflow).find((node) => node.class_type === 'KSampler');
  expect(sampler?.inputs.model).toEqual([loader?.[0], 0]);
  const texts = Object.values(workflow)
    .filter((node) => node.class_type === 'CLIPTextEncode')
    .map((node) => node.inputs.text);
  expect(texts).toContain('a harbour at night, ink sketch');

  await page.goto('/history/generations');
  await expect(page.getByTestId('generation-loras').first()).toHaveText('LoRAs: Ink sketch 0.6');
});
