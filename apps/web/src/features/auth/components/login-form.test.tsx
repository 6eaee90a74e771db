import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '@nocturne/contract/auth/sign-up';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { signedInHandlers, testUser } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';
import { ACCOUNT_DELETED_NOTICE } from './login-form';

async function openLogin(path = '/login') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome Back' });
  return view;
}

async function submit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login form', () => {
  it("shows 'Loading...' until auth has loaded", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/auth/get-session', async () => {
        await gate;
        return HttpResponse.json(null);
      }),
    );
    const { router } = renderApp('/login');
    // The page's chunk has loaded, and the form still waits for the session's answer.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('validates the fields inline without calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/auth/sign-in/email', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const { user } = await openLogin();
    await submit(user, 'not-an-email', '');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  it('says the account is deleted where deletion ends (?deleted=1)', async () => {
    await openLogin('/login?deleted=1');
    expect(screen.getByText(ACCOUNT_DELETED_NOTICE)).toBeInTheDocument();
  });

  it('confirms the email after the verification link (?verified=1)', async () => {
    await openLogin('/login?verified=1');
    expect(screen.getByText('Email confirmed. You can sign in now.')).toBeInTheDocument();
  });

  it('explains an unverified email and resends the verification mail', async () => {
    const resent: unknown[] = [];
    server.use(
      http.post('*/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { code: 'EMAIL_NOT_VERIFIED', message: EMAIL_NOT_VERIFIED_MESSAGE },
          { status: 403 },
        ),
      ),
      http.post('*/api/auth/send-verification-email', async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user, router } = await openLogin();
    await submit(user, 'owl@example.com', 'correct-horse-battery');
    expect(await screen.findByText(EMAIL_NOT_VERIFIED_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent.')).toBeInTheDocument();
    expect(resent).toEqual([{ email: 'owl@example.com', callbackURL: '/login?verified=1' }]);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows wrong credentials without offering a resend', async () => {
    server.use(
      http.post('*/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );
    const { user } = await openLogin();
    await submit(user, 'owl@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(
      screen.queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();

    // A new complaint (an emptied password) replaces the stale refusal.
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('shows the rate-limit message on 429', async () => {
    server.use(
      http.post('*/api/auth/sign-in/email', () => new HttpResponse(null, { status: 429 })),
    );
    const { user } = await openLogin();
    await submit(user, 'owl@example.com', 'whatever-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
    );
  });

  it('signs in and lands on /dashboard', async () => {
    server.use(
      http.post('*/api/auth/sign-in/email', () => {
        server.use(...signedInHandlers());
        return HttpResponse.json({ redirect: false, token: 'session-token', user: testUser });
      }),
      http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
    );
    const { user, router } = await openLogin();
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    await submit(user, 'owl@example.com', 'correct-horse-battery');
    expect(await screen.findByRole('heading', { name: 'Your Gallery' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
