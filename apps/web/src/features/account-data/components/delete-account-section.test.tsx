import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { browser } from '../../../lib/browser';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderAccountData } from '../../../../test/features/account-data/render-account-data';
import { DeleteAccountSection } from './delete-account-section';

let deletes: number;
let signOuts: number;
beforeEach(() => {
  deletes = 0;
  signOuts = 0;
  server.use(
    ...signedInHandlers(),
    http.post('*/api/auth/sign-out', () => {
      signOuts += 1;
      return HttpResponse.json({ success: true });
    }),
  );
  vi.spyOn(browser, 'replace').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const serveDelete = (answer: () => Response) =>
  server.use(
    http.delete('*/api/v1/user/account', () => {
      deletes += 1;
      return answer();
    }),
  );

describe('DeleteAccountSection', () => {
  it('says what is deleted and what is kept, and unlocks only for the exact word DELETE', async () => {
    const { user } = renderAccountData(<DeleteAccountSection />);
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeInTheDocument();
    expect(screen.getByText(/permanently deletes your profile/)).toBeInTheDocument();
    expect(screen.getByText(/Kept: your credit transactions/)).toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Delete my account' });
    const input = screen.getByLabelText('Type DELETE to confirm');
    expect(button).toBeDisabled();
    for (const attempt of ['delete', 'DELET', 'DELETE ']) {
      await user.clear(input);
      await user.type(input, attempt);
      expect(button).toBeDisabled();
    }
    await user.type(input, '{Enter}');
    expect(deletes).toBe(0);
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(button).toBeEnabled();
  });

  it('deletes, signs out and goes to /login, which says the account is deleted', async () => {
    serveDelete(() => HttpResponse.json({ deleted: true }));
    const { user } = renderAccountData(<DeleteAccountSection />);
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    await vi.waitFor(() => expect(browser.replace).toHaveBeenCalledWith('/login?deleted=1'));
    expect(deletes).toBe(1);
    expect(signOuts).toBe(1);
  });

  it('shows the error and stays signed in when the deletion fails', async () => {
    serveDelete(() =>
      HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'boom' }, { status: 500 }),
    );
    const { user } = renderAccountData(<DeleteAccountSection />);
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_CATALOGUE.INTERNAL_ERROR.message,
    );
    expect(deletes).toBe(1);
    expect(signOuts).toBe(0);
    expect(browser.replace).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  });
});
