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
  await dialog.getByRole('button', { name: /^Edit region/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit region' });
  await expect(editor.getByTestId('mask-canvas')).toBeVisible();
  await expectNoAxeViolations(page, 'mask editor');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await dialog.getByRole('button', { name: 'Save to favorites' }).click();
  await expect(dialog.getByRole('button', { name: 'Saved!' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close modal' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The text a control draws: its text nodes that are visible, not hidden from assistive technology,
 * and not inside a box of a pixel or less (the visually hidden words meant for screen readers).
 */
function drawnTextOf(control: Element): string {
  const parts: string[] = [];
  const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const holder = node.parentElement;
    if (!holder || holder.closest('[aria-hidden="true"]')) continue;
    let drawn = getComputedStyle(holder).visibility === 'visible';
    for (
      let box: Element | null = holder;
      drawn && box && control.contains(box);
      box = box.parentElement
    ) {
      const { width, height } = box.getBoundingClientRect();
      drawn = width > 1 && height > 1;
    }
    if (drawn) parts.push(node.textContent ?? '');
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * Label in name (WCAG 2.5.3) as a speech-input user meets it: each control of the header is named
 * by what it shows, first. axe's rule is satisfied when the shown words appear anywhere in the
 * name, so the header, where every control shows a figure, a name or an icon, is held to more.
 */
async function expectHeaderNamesBeginWithWhatTheyShow(page: Page, state: string) {
  for (const control of await page.locator('header').locator('a[href], button').all()) {
    if (!(await control.isVisible())) continue;
    const shown = await control.evaluate(drawnTextOf);
    if (!shown) continue;
    const begins = new RegExp(`^${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i');
    await expect(control, `${state}: the control showing "${shown}"`).toHaveAccessibleName(begins);
  }
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
      await expectHeaderNamesBeginWithWhatTheyShow(page, `header at ${viewport.name}`);
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
