import { expect, type Page } from '@playwright/test';
import { readVerificationLink, uniqueEmail } from './outbox';

export const TEST_PASSWORD = 'correct-horse-battery';

/** Signs a new adult up through the real form and returns the address. */
export async function signUpThroughForm(page: Page, label: string, baseUrl = ''): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Name').fill('Night Owl');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByLabel('I confirm that I am 18 years of age or older').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  return email;
}

export async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A verified, signed-in user on /dashboard: the starting point of most product journeys. */
export async function signUpVerifiedAndSignIn(
  page: Page,
  label: string,
  server: { baseUrl: string; dataDir: string } = {
    baseUrl: '',
    dataDir: process.env.E2E_DATA_DIR ?? '',
  },
): Promise<string> {
  const email = await signUpThroughForm(page, label, server.baseUrl);
  await page.goto(await readVerificationLink(email, 10_000, server.dataDir));
  await expect(page).toHaveURL(/\/login/);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await dismissDailyPromo(page);
  return email;
}

/** A free user's first /dashboard visit of the day opens the daily promo over the page. */
export async function dismissDailyPromo(page: Page): Promise<void> {
  const promo = page.getByRole('dialog', { name: 'Tonight, create without limits' });
  await promo.getByRole('button', { name: 'Maybe later' }).click();
  await expect(promo).toBeHidden();
}
