import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm, signUpVerifiedAndSignIn, TEST_PASSWORD } from './support/accounts';
import { readVerificationLink } from './support/outbox';

/** Named by OPERATOR_EMAILS in playwright.config.ts (two-factor off for this local server). */
const OPERATOR_EMAIL = 'people-operator@e2e.nocturne.test';
const REASON = 'Sorry about the failed images last night';

async function signUpOperator(page: Page) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('People Operator');
  await page.getByLabel('Email').fill(OPERATOR_EMAIL);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByLabel('I confirm that I am 18 years of age or older').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.goto(await readVerificationLink(OPERATOR_EMAIL));
  await signInThroughForm(page, OPERATOR_EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("an operator grants credits and the person's open header shows them", async ({
  browser,
  page,
}) => {
  const email = await signUpVerifiedAndSignIn(page, 'granted');
  const balance = page.locator('[data-slot="header-credits"]').getByTestId('credit-balance-value');
  await expect(balance).toHaveText('0');

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  try {
    await signUpOperator(operator);
    await operator.goto('/admin');
    await operator
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'People' })
      .click();
    await operator.getByRole('searchbox', { name: 'Search' }).fill(email);
    await expect(operator).toHaveURL(/\/admin\/people\?q=/);
    // Other specs' people are called Night Owl too: the row with this person's address.
    const found = operator.getByRole('table').getByRole('row').filter({ hasText: email });
    await found.getByRole('link', { name: 'Night Owl' }).click();
    await expect(operator.getByRole('heading', { level: 1, name: 'Night Owl' })).toBeVisible();

    await operator.getByRole('button', { name: 'Grant or take credits' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Grant or take credits' });
    await dialog.getByLabel('Amount').fill('7');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await expect(operator.getByRole('status')).toHaveText('Granted 7 credits. Balance now 7.');
    const profile = operator.getByRole('region', { name: 'Profile' });
    await expect(profile.getByText('7 credits', { exact: true })).toBeVisible();

    // The person's dashboard never reloaded: credit_updated reached the open header.
    await expect(balance).toHaveText('7');

    await operator
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const row = operator
      .getByRole('table', { name: 'Audit rows' })
      .getByRole('row')
      .filter({ hasText: REASON });
    await expect(row).toContainText('Granted credits');
    await expect(row.getByRole('link', { name: email })).toBeVisible();
    await row.getByText('Details').click();
    await expect(row.getByText('0 → 7')).toBeVisible();

    // On a phone the sections are a row that scrolls sideways: the current one is in sight.
    await operator.setViewportSize({ width: 390, height: 844 });
    await operator.goto('/admin/models');
    const models = operator
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Models' });
    await expect(models).toHaveAttribute('aria-current', 'page');
    await expect(models).toBeInViewport({ ratio: 1 });
  } finally {
    await operatorContext.close();
  }

  // Anyone else meets the ordinary not-found page at /admin.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeHidden();
});
