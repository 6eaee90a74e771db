import { expect, test, type Locator } from '@playwright/test';
import { signUpVerifiedAndSignIn, TEST_PASSWORD } from './support/accounts';
import { expectFocusInside, tabTo } from './support/keyboard';
import { totpCode } from './support/totp';

/** Focus is on a control the person can use: not the page, not a disabled button. */
async function expectFocusUsableInside(section: Locator) {
  await expectFocusInside(section);
  const usable = await section.evaluate(
    () => document.activeElement !== document.body && !document.activeElement?.matches(':disabled'),
  );
  expect(usable).toBe(true);
}

test('two-factor sign-in turned on and off from the profile with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpVerifiedAndSignIn(page, 'keyboard-two-factor');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();

  // The password step takes focus in its field; Enter submits it.
  await tabTo(page, section.getByRole('button', { name: 'Turn on two-factor sign-in' }));
  await page.keyboard.press('Enter');
  await expect(section.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(TEST_PASSWORD);
  await page.keyboard.press('Enter');

  // The secret step replaces the form under the focus: its code field takes it, so typing the
  // code from the app goes straight in.
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const code = section.getByLabel('Code from the app');
  await expect(code).toBeFocused();
  const key = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await page.keyboard.type(totpCode(key));
  await page.keyboard.press('Enter');

  // The recovery codes, acknowledged from the keyboard.
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectFocusUsableInside(section);
  await tabTo(page, section.getByRole('button', { name: 'I have saved them' }));
  await page.keyboard.press('Enter');
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByRole('status')).toHaveText(
    'Two-factor sign-in is on. Sign-ins now ask for a code from your app.',
  );
  await expectFocusUsableInside(section);

  // Off again: the password, then the section says so, focus still in it.
  await tabTo(page, section.getByRole('button', { name: 'Turn off' }));
  await page.keyboard.press('Enter');
  await expect(section.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(TEST_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expect(section.getByRole('status')).toHaveText(
    'Two-factor sign-in is off. Sign-ins ask for your password only.',
  );
  await expectFocusUsableInside(section);
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeFocused();
});
