import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@nocturne/contract/auth/two-factor';
import { signedInHandlers, testUser } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

type Verify = { path: string; body: unknown };

/** A password sign-in that asks for the second step; `answer` decides each code's fate. */
function serveSecondStep(answer: (verify: Verify) => Response | undefined = () => undefined) {
  const verifies: Verify[] = [];
  let signIns = 0;
  server.use(
    http.post('*/api/auth/sign-in/email', () => {
      signIns += 1;
      return HttpResponse.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    }),
    http.post('*/api/auth/two-factor/:step', async ({ request, params }) => {
      const verify = { path: String(params.step), body: await request.json() };
      verifies.push(verify);
      const refused = answer(verify);
      if (refused) return refused;
      server.use(...signedInHandlers());
      return HttpResponse.json({ token: 'session-token', user: testUser });
    }),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
  );
  return { verifies, signIns: () => signIns };
}

async function signInWithPassword() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Welcome Back' });
  await view.user.type(screen.getByLabelText('Email'), 'owl@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-Factor Sign-In' });
  return view;
}

describe('login form: the second step of two-factor sign-in', { timeout: 15_000 }, () => {
  it('asks for the app code, trusts the device when ticked and lands on /dashboard', async () => {
    const served = serveSecondStep();
    const { user, router } = await signInWithPassword();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();

    await user.type(code, '12 3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    expect(served.verifies).toEqual([]);

    await user.type(code, '456');
    await user.click(screen.getByLabelText('Trust this device for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Your Gallery' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(served.verifies).toEqual([
      { path: 'verify-totp', body: { code: '123456', trustDevice: true } },
    ]);
  });

  it('says a wrong code plainly and takes a recovery code instead', async () => {
    const served = serveSecondStep(({ path }) =>
      path === 'verify-totp'
        ? HttpResponse.json({ code: 'INVALID_CODE', message: 'Invalid code' }, { status: 401 })
        : undefined,
    );
    const { user, router } = await signInWithPassword();
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.INVALID_CODE);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Recovery code'), ' aB3dE-fG5hJ ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Your Gallery' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(served.verifies[1]).toEqual({
      path: 'verify-backup-code',
      body: { code: 'aB3dE-fG5hJ', trustDevice: false },
    });
  });

  it('says too many tries on 429 and stays on the step', async () => {
    serveSecondStep(() => new HttpResponse(null, { status: 429 }));
    const { user } = await signInWithPassword();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.TOO_MANY_TRIES);
    expect(screen.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
  });

  it('goes back to the password when the pending sign-in has expired', async () => {
    const served = serveSecondStep(() =>
      HttpResponse.json(
        { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' },
        { status: 401 },
      ),
    );
    const { user } = await signInWithPassword();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      TWO_FACTOR_MESSAGES.INVALID_TWO_FACTOR_COOKIE,
    );
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('owl@example.com');

    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
    expect(served.signIns()).toBe(2);
  });
});
