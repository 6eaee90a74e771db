import { expect, test } from '@playwright/test';
import {
  skipDailyPromoToday,
  signInThroughForm,
  signUpThroughForm,
  TEST_PASSWORD,
} from './support/accounts';
import { readVerificationLink, uniqueEmail } from './support/outbox';

test('sign up, confirm the email, sign in, land in the shell, sign out', async ({ page }) => {
  const email = await signUpThroughForm(page, 'journey');
  await expect(page.getByText(email)).toBeVisible();

  // Signing in before confirming is refused with a way to resend the mail.
  await page.goto('/login');
  await signInThroughForm(page, email);
  await expect(page.getByText(/confirm your email/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.goto(await readVerificationLink(email));
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByText('Email confirmed. You can sign in now.')).toBeVisible();

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Validating user account...')).toBeHidden();
  await skipDailyPromoToday(page);
  await expect(page.getByRole('heading', { name: 'Your Gallery', exact: true })).toBeVisible();
  // No real model is installed in tests: the server runs the preview model and says so.
  await expect(page.getByRole('note')).toHaveText('Preview model: install a model for real images');

  // A signed-in user opening the public pages goes to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Credit History' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Generation History' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Subscription' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  // The session is really gone: protected pages send us back to /login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visit to /dashboard lands on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('sign-up without the 18+ confirmation shows the error and creates nothing', async ({
  page,
}) => {
  const email = uniqueEmail('minor');
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Someone');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('You must confirm that you are 18 or older to create an account.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeHidden();
  await expect(readVerificationLink(email, 1_500)).rejects.toThrow(/No verification mail/);
});

test('the public landing links to sign in and sign up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Start Free - No Card Needed').first()).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('an unknown path renders the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: /home/i })).toBeVisible();
});

test('the API refuses a forged bearer token', async ({ request }) => {
  const response = await request.get('/api/v1/subscriptions/active', {
    headers: { Authorization: 'Bearer not-a-real-token' },
  });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({
    error: 'UNAUTHORIZED',
    message: 'Your session has expired. Please sign in again.',
  });
});

test('the app works when opened at another address of the same server (127.0.0.1)', async ({
  page,
}) => {
  // The server's PUBLIC_URL is http://localhost:PORT; a person may type the loopback address or
  // the machine's LAN address instead. Same-origin requests must work whatever host was used.
  const otherAddress = (process.env.E2E_BASE_URL ?? '').replace('localhost', '127.0.0.1');
  const email = await signUpThroughForm(page, 'loopback', otherAddress);
  await expect(page.getByText('Invalid origin')).toBeHidden();

  // PUBLIC_URL is set, so the mailed link points there.
  const link = await readVerificationLink(email);
  expect(link.startsWith(`${process.env.E2E_BASE_URL}/`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=1/);

  await page.goto(`${otherAddress}/login`);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(`${otherAddress}/dashboard`);
  await skipDailyPromoToday(page);
  await expect(page.getByRole('heading', { name: 'Your Gallery', exact: true })).toBeVisible();
});
