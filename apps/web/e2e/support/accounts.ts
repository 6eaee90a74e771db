import { expect, type Page } from '@playwright/test';
import { EMAIL_VERIFIED_CALLBACK_PATH } from '@nocturne/contract/app-routes';
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

/**
 * A verified, signed-in user on /dashboard: the starting point of most product journeys. The
 * account is made through the auth API the form calls (accounts.spec.ts and keyboard.spec.ts walk
 * the form itself), with the origin a browser sends; the session cookie lands in the page's
 * context.
 */
export async function signUpVerifiedAndSignIn(
  page: Page,
  label: string,
  server: { baseUrl: string; dataDir: string } = {
    baseUrl: '',
    dataDir: process.env.E2E_DATA_DIR ?? '',
  },
): Promise<string> {
  const origin = server.baseUrl || (process.env.E2E_BASE_URL ?? '');
  const email = uniqueEmail(label);
  const headers = { origin };
  const signUp = await page.request.post(`${origin}/api/auth/sign-up/email`, {
    headers,
    data: {
      name: 'Night Owl',
      email,
      password: TEST_PASSWORD,
      ageConfirmed: true,
      callbackURL: EMAIL_VERIFIED_CALLBACK_PATH,
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const verified = await page.request.get(
    await readVerificationLink(email, 10_000, server.dataDir),
    { maxRedirects: 0 },
  );
  expect(verified.status(), 'the verification link redirects').toBe(302);
  const signIn = await page.request.post(`${origin}/api/auth/sign-in/email`, {
    headers,
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await page.goto(`${server.baseUrl}/dashboard`);
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
