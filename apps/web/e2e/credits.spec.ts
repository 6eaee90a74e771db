import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

test('a new user claims daily credits and sees the claim in the credit history', async ({
  page,
}) => {
  await signUpVerifiedAndSignIn(page, 'credits');
  const header = page.locator('[data-slot="header-credits"]');

  await expect(header.getByTestId('credit-status-message')).toHaveText(
    'Welcome! Get your daily credits to start generating.',
  );
  await expect(header.getByTestId('credit-balance')).toHaveAttribute('data-colour', 'red');

  await header.getByRole('button', { name: 'Get daily credits' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You received 10 daily credits!' }),
  ).toBeVisible();
  await expect(header.getByTestId('credit-status-message')).toHaveText('10 credits remaining');
  await expect(header.getByTestId('credit-balance-value')).toHaveText('10');
  await expect(header.getByTestId('credit-balance')).toHaveAttribute('data-colour', 'green');
  // At 10 credits the request button is gone (shown only at 2 or less).
  await expect(header.getByRole('button', { name: 'Get daily credits' })).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Credit History' }).click();
  await expect(page).toHaveURL(/\/history\/credits$/);
  await expect(page.getByRole('heading', { name: 'Credit History' })).toBeVisible();
  const transactions = page.getByRole('list', { name: 'Credit transactions' });
  await expect(transactions.getByRole('listitem')).toHaveCount(1);
  await expect(transactions.getByText('Daily credits')).toBeVisible();
  await expect(transactions.getByTestId('credit-amount')).toHaveText('+10');

  // The balance survives a reload: it comes from the server's ledger, not local state.
  await page.reload();
  await expect(header.getByTestId('credit-balance-value')).toHaveText('10');
});
