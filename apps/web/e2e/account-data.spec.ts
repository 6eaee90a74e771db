import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { signInThroughForm, signUpVerifiedAndSignIn } from './support/accounts';

/**
 * Data export and account deletion from /profile, where the profile page composes
 * DataExportSection and DeleteAccountSection (features/account-data).
 */
test('export downloads a ZIP; deletion signs the person out and the old password stops working', async ({
  page,
}) => {
  const email = await signUpVerifiedAndSignIn(page, 'account-data');
  await page.goto('/profile');

  const exportCard = page.getByRole('region', { name: 'Export your data' });
  const downloading = page.waitForEvent('download');
  await exportCard.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nocturne-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const names: string[] = [];
  let data: { profile?: { email?: string } } = {};
  for await (const entry of zip.eachEntry()) {
    names.push(entry.fileName);
    if (entry.fileName === 'data.json') {
      data = JSON.parse((await buffer(await zip.openReadStreamPromise(entry))).toString('utf8'));
    }
  }
  expect(names).toContain('data.json');
  expect(data.profile?.email).toBe(email);
  await expect(exportCard.getByRole('status')).toHaveText('Your download has started.');

  const deleteCard = page.getByRole('region', { name: 'Delete account' });
  const deleteButton = deleteCard.getByRole('button', { name: 'Delete my account' });
  await expect(deleteButton).toBeDisabled();
  await deleteCard.getByLabel('Type DELETE to confirm').fill('DELETE');
  await deleteButton.click();
  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  await expect(
    page.getByText('Your account, its images and settings have been deleted.', { exact: false }),
  ).toBeVisible();

  // Signed out for good: protected pages send us back, and the old password is refused.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, email);
  await expect(page.getByText(/invalid email or password/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
