import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

/** Errors a person cannot see are heard: an alert on every refused submit, focus where to act. */
describe('auth forms: errors are announced and focus goes where the person acts', () => {
  it('announces every problem of an empty sign-up and focuses the first field', async () => {
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '4 fields need a change: Name, Email, Password, Age confirmation.',
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('announces a sign-in refused by its own rules, again on a second try', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const first = screen.getByRole('alert');
    expect(first).toHaveTextContent('2 fields need a change: Email, Password.');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // A new alert node, so the repeated refusal is spoken again.
    expect(screen.getByRole('alert')).not.toBe(first);
  });

  it('gives focus back to the password after a wrong password', async () => {
    server.use(
      http.post('*/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(screen.getByLabelText('Email'), 'owl@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('marks a refused two-factor code invalid, named by the notice, and focuses it', async () => {
    server.use(
      http.post('*/api/auth/sign-in/email', () =>
        HttpResponse.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
      ),
      http.post('*/api/auth/two-factor/verify-totp', () =>
        HttpResponse.json({ code: 'INVALID_CODE', message: 'Invalid code' }, { status: 401 }),
      ),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(screen.getByLabelText('Email'), 'owl@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(alert.textContent ?? '');
    await waitFor(() => expect(code).toHaveFocus());
  });
});
