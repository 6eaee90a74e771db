import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm, signUpVerifiedAndSignIn, TEST_PASSWORD } from './support/accounts';
import { expectFocusInside, tabTo } from './support/keyboard';
import { readVerificationLink } from './support/outbox';

/** Named by OPERATOR_EMAILS in playwright.config.ts (two-factor off for this local server). */
const OPERATOR_EMAIL = 'keyboard-operator@e2e.nocturne.test';
const REASON = 'Credits back for the queue outage';

/** The operator's account, made through the forms (the journey itself is the keyboard's). */
async function signUpOperator(page: Page) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Keyboard Operator');
  await page.getByLabel('Email').fill(OPERATOR_EMAIL);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByLabel('I confirm that I am 18 years of age or older').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await readVerificationLink(OPERATOR_EMAIL));
  await signInThroughForm(page, OPERATOR_EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Someone to grant credits to, signed up in a browser of their own; returns their address. */
async function signUpPerson(page: Page): Promise<string> {
  const context = await page.context().browser()!.newContext();
  try {
    return await signUpVerifiedAndSignIn(await context.newPage(), 'keyboard-granted');
  } finally {
    await context.close();
  }
}

test('an operator finds a person and grants credits with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signUpPerson(page);
  await signUpOperator(page);
  await page.goto('/admin');

  // The console's sections, then the search: typing is enough, the results follow.
  const sections = page.getByRole('navigation', { name: 'Console sections' });
  await tabTo(page, sections.getByRole('link', { name: 'People' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
  await page.keyboard.type(email);
  await expect(page).toHaveURL(/\/admin\/people\?q=/);

  // Other specs' people are called Night Owl too: the row with this person's address.
  const found = page.getByRole('table').getByRole('row').filter({ hasText: email });
  await tabTo(page, found.getByRole('link', { name: 'Night Owl' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Night Owl' })).toBeVisible();

  // The dialog opens on its amount; the reason and the Grant button are a Tab away.
  const open = page.getByRole('button', { name: 'Grant or take credits' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Grant or take credits' });
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type('7');
  await tabTo(page, dialog.getByLabel('Reason'));
  await page.keyboard.type(REASON);
  await expectFocusInside(dialog);
  await tabTo(page, dialog.getByRole('button', { name: 'Grant', exact: true }));
  await page.keyboard.press('Enter');

  // The confirmation is a status, and focus is back on the button that opened the dialog.
  await expect(page.getByRole('status')).toHaveText('Granted 7 credits. Balance now 7.');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('7 credits', { exact: true })).toBeVisible();
});
