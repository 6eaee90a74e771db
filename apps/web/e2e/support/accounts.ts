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
  await skipDailyPromoToday(page);
  return email;
}

/**
 * A new person's first /dashboard has no daily promo (it waits for a first generation). Today is
 * then recorded as the promo's day, as dismissing it did, so later visits of a journey that
 * generates are not covered by it.
 */
export async function skipDailyPromoToday(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Your Gallery', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Tonight, create without limits' })).toBeHidden();
  await page.evaluate(() => {
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    localStorage.setItem('promoModalShownToday', day);
  });
}
