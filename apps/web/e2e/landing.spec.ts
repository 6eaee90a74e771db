import { expect, test } from '@playwright/test';

// Issue 9 / docs/decisions/016: a signed-out visit to / is the prerendered page, with no script.
test('the landing paints and links without loading any JavaScript', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(
    page.getByRole('heading', { name: 'Turn your words into midnight masterpieces' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'From prompt to picture' })).toBeVisible();
  expect(scripts).toEqual([]);

  await page.getByRole('link', { name: 'Start Free - No Card Needed' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
});

test('the landing works with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(page.getByText('For adults 18 and over.')).toBeVisible();
  await context.close();
});
