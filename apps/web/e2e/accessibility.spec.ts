import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm, signUpVerifiedAndSignIn, TEST_PASSWORD } from './support/accounts';
import { expectNoAxeViolations, VIEWPORTS } from './support/axe';
import { readVerificationLink } from './support/outbox';
import { dismissUpsellAfterResult, UPSELL_DIALOG_NAME } from './support/upsell';

/** Named by OPERATOR_EMAILS in playwright.config.ts (two-factor off for this local server). */
const OPERATOR_EMAIL = 'a11y-operator@e2e.nocturne.test';

/** The console's sections, each checked as an operator sees it. */
const CONSOLE_PAGES = [
  ['/admin', 'Overview'],
  ['/admin/people', 'People'],
  ['/admin/moderation', 'Moderation'],
  ['/admin/payments', 'Payments'],
  ['/admin/models', 'Models'],
  ['/admin/settings', 'Settings'],
  ['/admin/audit', 'Audit log'],
] as const;

/** Opens `path`, waits for its main heading, then checks it. */
async function checkPage(page: Page, path: string, heading: string | RegExp, state = path) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoAxeViolations(page, state);
}

/** Generates one image and checks the dialog at its options, its result and the upsell. */
async function checkGeneration(page: Page) {
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Image' });
  await dialog.getByRole('button', { name: /^Options/ }).click();
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  await expectNoAxeViolations(page, 'generation dialog, options open');

  await dialog.getByLabel('Prompt').fill('A quiet harbour under the northern lights');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  const upsell = page.getByRole('dialog', { name: UPSELL_DIALOG_NAME });
  await expect(upsell).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page, 'upsell over a result');
  await dismissUpsellAfterResult(page);

  await expect(dialog.getByText('Image generated successfully!')).toBeVisible();
  await expectNoAxeViolations(page, 'generation dialog, result');
  await dialog.getByRole('button', { name: 'Save to favorites' }).click();
  await expect(dialog.getByRole('button', { name: 'Saved!' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close modal' }).click();
  await expect(dialog).toBeHidden();
}

async function signUpOperator(page: Page) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Access Operator');
  await page.getByLabel('Email').fill(OPERATOR_EMAIL);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByLabel('I confirm that I am 18 years of age or older').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await readVerificationLink(OPERATOR_EMAIL));
}

test.beforeEach(async ({ page }) => {
  // Entrance animations fade text in; axe reads colours as they end.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('signed out: landing, sign-in and sign-up with their errors, the 404', async ({
      page,
    }) => {
      await checkPage(page, '/', /./, 'landing');
      await checkPage(page, '/signup', 'Create Account');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, 'sign-up with errors');

      await checkPage(page, '/login', 'Welcome Back');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, 'sign-in with errors');
      await signInThroughForm(page, 'nobody@e2e.nocturne.test');
      await expect(page.getByRole('alert')).toContainText(/invalid/i);
      await expectNoAxeViolations(page, 'sign-in refused');

      await checkPage(page, '/nowhere', 'Page not found');
    });

    test('signed in: every page, the account menu, the generation dialog and a detail view', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signUpVerifiedAndSignIn(page, `a11y-${viewport.name}`);
      await expectNoAxeViolations(page, 'dashboard, empty');
      await page.getByRole('button', { name: /account menu$/i }).click();
      await expect(page.getByRole('menu', { name: 'Account menu' })).toBeVisible();
      await expectNoAxeViolations(page, 'account menu open');
      await page.keyboard.press('Escape');

      const header = page.locator('[data-slot="header-credits"]');
      await header.getByRole('button', { name: 'Get daily credits' }).click();
      await expect(header.getByTestId('credit-balance-value')).toHaveText('10');
      await checkGeneration(page);

      await page
        .getByRole('button', { name: /^Open image: / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Image details' })).toBeVisible();
      await expectNoAxeViolations(page, 'image detail view');
      await page.keyboard.press('Escape');

      await checkPage(page, '/history/generations', 'Generation History');
      await checkPage(page, '/history/credits', 'Credit History');
      await checkPage(page, '/subscription', 'Unlock Premium Creation');
      await checkPage(page, '/profile', 'Account Profile');
    });
  });
}

test('the console at both sizes, as an operator sees it', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpOperator(page);
  await signInThroughForm(page, OPERATOR_EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const [path, heading] of CONSOLE_PAGES) {
      await checkPage(page, path, heading, `${path} at ${viewport.name}`);
    }
  }
});
