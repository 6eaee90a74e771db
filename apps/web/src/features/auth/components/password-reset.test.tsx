import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';
import { INVALID_RESET_LINK_MESSAGE, PASSWORD_RESET_DONE_MESSAGE } from './reset-password-form';

describe('forgot password on /login', () => {
  it('mails a reset link to the typed address and goes back to sign in', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/auth/request-password-reset', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(screen.getByLabelText('Email'), 'owl@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('owl@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for owl@example.com, we sent it a link to reset the password.',
    );
    expect(bodies).toEqual([{ email: 'owl@example.com', redirectTo: '/reset-password' }]);
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  it('checks the address before sending', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter a valid email address')).toBeVisible();
  });
});

describe('/reset-password', () => {
  it('sets the new password with the token from the link', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/auth/reset-password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/reset-password?token=abc123');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
    await user.type(screen.getByLabelText('Password'), ' but long now');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_RESET_DONE_MESSAGE)).toBeVisible();
    expect(bodies).toEqual([{ token: 'abc123', newPassword: 'short but long now' }]);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says the link is invalid when better-auth refused it', async () => {
    renderApp('/reset-password?error=INVALID_TOKEN');
    expect(await screen.findByText(INVALID_RESET_LINK_MESSAGE)).toBeVisible();
  });

  it('says the link is invalid when the token was already used', async () => {
    server.use(
      http.post('*/api/auth/reset-password', () =>
        HttpResponse.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('Password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(INVALID_RESET_LINK_MESSAGE)).toBeVisible();
  });
});
