import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInThroughForm, signUpVerifiedAndSignIn } from './support/accounts';

/** Waits for a mail to `email` in the server's outbox holding a link that matches `pattern`. */
async function readMailedLink(email: string, pattern: RegExp): Promise<string> {
  const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = (await readdir(mailDir)).filter((name) => name.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      const raw = (await readFile(path.join(mailDir, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const link = pattern.exec(raw)?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${email} matching ${String(pattern)}`);
}

test('the profile changes the username and refuses one that is too short', async ({ page }) => {
  await signUpVerifiedAndSignIn(page, 'profile');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Account Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(page.getByTestId('account-tier')).toHaveText('Beginner');

  const details = page.getByRole('region', { name: 'Profile' });
  const username = details.getByLabel('Username');
  const chosen = `owl_${Date.now().toString(36)}`;
  await username.fill(chosen);
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(details.getByText('Profile saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Username')).toHaveValue(
    chosen,
  );

  await page.getByRole('region', { name: 'Profile' }).getByLabel('Username').fill('ab');
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Username')).toHaveValue(
    chosen,
  );
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const email = await signUpVerifiedAndSignIn(page, 'forgot');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  await page.goto(
    await readMailedLink(email, /https?:\/\/[^\s"'<>]+\/api\/auth\/reset-password\/[^\s"'<>]+/),
  );
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('Password').fill('a fresh password 42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('Your password has been changed. You can sign in now.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await signInThroughForm(page, email);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('a fresh password 42');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
