import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

const PROMPT = 'a lighthouse drawn by a script';

/**
 * Personal API keys (issue 48): a key created on the profile is read from the page once, then
 * used from outside the browser (Node's fetch, no cookie) to generate and poll until the image is
 * done; the image is in the person's history and the key's "last used" on the profile. The free
 * "preview" model needs no credits.
 */
test('api keys: created on the profile, used from a script, last use shown', async ({ page }) => {
  await signUpVerifiedAndSignIn(page, 'api-keys');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('You have no API keys yet.')).toBeVisible();
  await section.getByLabel('Key name').fill('render script');
  await section.getByRole('button', { name: 'Create key' }).click();
  const field = section.getByLabel('Your new API key');
  await expect(field).toHaveValue(/^nct_/);
  await expect(section.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  const key = await field.inputValue();
  await expect(section.getByRole('list', { name: 'API keys' })).toContainText('never used');

  const origin = new URL(page.url()).origin;
  const withKey = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}/api/v1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
  const submitted = await withKey('/generate', {
    method: 'POST',
    body: JSON.stringify({ source_prompt: '', content_prompt: PROMPT, model: 'preview' }),
  });
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  const { requestId } = (await submitted.json()) as { requestId: string };
  await expect
    .poll(
      async () =>
        ((await (await withKey(`/generations/${requestId}`)).json()) as { status: string }).status,
      { timeout: 60_000, intervals: [500] },
    )
    .toBe('completed');
  const done = (await (await withKey(`/generations/${requestId}`)).json()) as {
    result_image_url: string;
  };
  const image = await fetch(new URL(done.result_image_url, origin));
  expect(image.headers.get('content-type')).toMatch(/^image\//);
  // The account stays out of a key's reach.
  const profile = await withKey('/profile');
  expect(profile.status).toBe(403);
  expect(await profile.json()).toMatchObject({ error: 'API_KEY_SCOPE' });

  await page.goto('/history/generations');
  await expect(page.getByRole('main').getByText(PROMPT, { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Completed', { exact: true })).toBeVisible();

  await page.goto('/profile');
  const keys = page
    .getByRole('region', { name: 'API keys' })
    .getByRole('list', { name: 'API keys' });
  await expect(keys).toContainText('render script');
  await expect(keys).toContainText(/last used /);
  await expect(page.getByLabel('Your new API key')).toHaveCount(0);
});
