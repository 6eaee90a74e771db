import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInThroughForm, signUpVerifiedAndSignIn, TEST_PASSWORD } from './support/accounts';
import { readVerificationLink } from './support/outbox';

/** Named by OPERATOR_EMAILS in playwright.config.ts (two-factor off for this local server). */
const OPERATOR_EMAIL = 'switch-operator@e2e.nocturne.test';
const MESSAGE = 'Generation is paused for maintenance until 10:00 UTC.';

/** The operator's PUT /api/v1/admin/settings, with the token of their signed-in session. */
async function setGeneration(request: APIRequestContext, generation: string, message: string) {
  const { token } = (await (await request.get('/api/auth/token')).json()) as { token: string };
  const response = await request.put('/api/v1/admin/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { generation, message },
  });
  expect(response.status()).toBe(200);
}

test('an operator turns generation off and a free person sees the message in the modal', async ({
  browser,
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'paused');

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await operator.goto('/signup');
  await operator.getByLabel('Name').fill('Night Operator');
  await operator.getByLabel('Email').fill(OPERATOR_EMAIL);
  await operator.getByLabel('Password').fill(TEST_PASSWORD);
  await operator.getByLabel('I confirm that I am 18 years of age or older').check();
  await operator.getByRole('button', { name: 'Create Account' }).click();
  await operator.goto(await readVerificationLink(OPERATOR_EMAIL));
  await signInThroughForm(operator, OPERATOR_EMAIL);
  await expect(operator).toHaveURL(/\/dashboard$/);

  try {
    // The person's dashboard is already open: the change reaches it over the realtime channel.
    await setGeneration(operator.request, 'off', MESSAGE);
    await page.getByRole('button', { name: 'Generate Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Image' });
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGE);
    await dialog.getByLabel('Prompt').fill('A moonlit owl over a misty forest');
    await expect(dialog.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();

    await setGeneration(operator.request, 'on', '');
    await expect(dialog.getByRole('alert')).toBeHidden();
  } finally {
    await setGeneration(operator.request, 'on', '');
    await operatorContext.close();
  }
});
