import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../test/support/fixtures';
import { server } from '../../test/support/msw-server';
import { renderApp } from '../../test/support/render-app';
import { activeCheck, deferred } from '../../test/app/router-fixtures';

describe('route guards (spec §2)', () => {
  it('sends a signed-out visitor from /dashboard to /login, replacing history', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['/profile', '/history/generations', '/history/credits', '/subscription'])(
    'protects %s',
    async (path) => {
      const { router } = renderApp(path);
      await screen.findByRole('heading', { name: 'Welcome Back' });
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('shows a loading state until auth has loaded', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/auth/get-session', async () => {
        await gate.promise;
        return HttpResponse.json(null);
      }),
    );
    renderApp('/dashboard');
    // The first load's fallback and the protected route show the same loading state in turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it.each(['/', '/login', '/signup'])(
    'sends a signed-in user from %s to /dashboard',
    async (path) => {
      server.use(...signedInHandlers());
      activeCheck(false);
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Your Gallery' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('keeps the public pages public', async () => {
    renderApp('/failed-payment');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('renders the landing for visitors with Sign In and Get Started', async () => {
    renderApp('/');
    expect(await screen.findByText('Start Free - No Card Needed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    // The built-in samples are drawn illustrations, labelled so, never "Made by Nocturne".
    expect(screen.getAllByText('Illustration')).toHaveLength(8);
    expect(screen.queryByText('Made by Nocturne')).toBeNull();
  });

  it('renders a not-found page with a single link home for unknown paths', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const homeLinks = screen.getAllByRole('link', { name: /home/i });
    expect(homeLinks).toHaveLength(1);
    expect(homeLinks[0]).toHaveAttribute('href', '/');
  });

  it('on the not-found page a signed-in person is offered their dashboard, not the landing', async () => {
    server.use(...signedInHandlers());
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Back to home' })).toBeNull();
    // The frame knows too: no Sign In or Get Started for someone signed in.
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });
});
