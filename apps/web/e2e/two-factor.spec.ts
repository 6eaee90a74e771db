import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInThroughForm, signUpVerifiedAndSignIn, TEST_PASSWORD } from './support/accounts';
import { totpCode } from './support/totp';

test('two-factor sign-in: turned on from the profile, then a sign-in asks for the code', async ({
  page,
}) => {
  const email = await signUpVerifiedAndSignIn(page, 'two-factor');
  await page.goto('/profile#two-factor');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expect(page.locator('#two-factor')).toBeInViewport();

  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await section.getByLabel('Password').fill(TEST_PASSWORD);
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const key = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);

  await section.getByLabel('Code from the app').fill(totpCode(key));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('nocturne-recovery-codes.txt');
  const saved = await readFile(await download.path(), 'utf8');
  expect(saved).toContain(await codes.first().innerText());
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInThroughForm(page, email);
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The gallery and the credits come from the API with the new session's bearer token.
  await expect(page.getByRole('heading', { name: 'Your Gallery', exact: true })).toBeVisible();
  await expect(
    page.locator('[data-slot="header-credits"]').getByTestId('credit-balance'),
  ).toBeVisible();
  await page.goto('/profile');
  await expect(
    page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('On', { exact: true }),
  ).toBeVisible();
});
