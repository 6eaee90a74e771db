import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AGE_CONFIRMATION_REQUIRED_MESSAGE } from '@nocturne/contract/auth/sign-up';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

function recordSignUps(
  respond: () => Response = () => HttpResponse.json({ token: null, user: {} }),
) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/auth/sign-up/email', async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

async function fillValid(user: ReturnType<typeof renderApp>['user'], { adult = true } = {}) {
  await user.type(screen.getByLabelText('Name'), 'Night Owl');
  await user.type(screen.getByLabelText('Email'), 'owl@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
  if (adult)
    await user.click(screen.getByLabelText('I confirm that I am 18 years of age or older'));
}

describe('sign-up form', () => {
  it('shows every field error and sends nothing when empty', async () => {
    const bodies = recordSignUps();
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText(AGE_CONFIRMATION_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(bodies).toHaveLength(0);
  });

  it('refuses to submit without the 18+ confirmation', async () => {
    const bodies = recordSignUps();
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    const checkbox = screen.getByLabelText('I confirm that I am 18 years of age or older');
    expect(checkbox).not.toBeRequired();
    await fillValid(user, { adult: false });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText(AGE_CONFIRMATION_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(checkbox).toHaveAccessibleDescription(AGE_CONFIRMATION_REQUIRED_MESSAGE);
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('creates the account and shows the check-your-email step with a resend action', async () => {
    const bodies = recordSignUps();
    const resent: unknown[] = [];
    server.use(
      http.post('*/api/auth/send-verification-email', async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'We sent a verification link to owl@example.com. Open it to activate your account.',
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Night Owl',
        email: 'owl@example.com',
        password: 'correct-horse-battery',
        ageConfirmed: true,
        callbackURL: '/login?verified=1',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent.')).toBeInTheDocument();
    expect(resent).toEqual([{ email: 'owl@example.com', callbackURL: '/login?verified=1' }]);
  });

  it('shows the server refusal clearly (existing user)', async () => {
    recordSignUps(() =>
      HttpResponse.json(
        { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' },
        { status: 422 },
      ),
    );
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'User already exists. Use another email.',
    );
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it("shows the server's words when the page's origin is refused", async () => {
    const { message } = PRODUCT_ERRORS.ORIGIN_NOT_ALLOWED;
    recordSignUps(() =>
      HttpResponse.json({ error: 'ORIGIN_NOT_ALLOWED', message }, { status: 403 }),
    );
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Invalid origin')).not.toBeInTheDocument();
  });

  it('links to sign in', async () => {
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});
