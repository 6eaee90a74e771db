import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../lib/auth-token';
import { browser } from '../lib/browser';
import { markPromoShown } from '../lib/promo-day';
import { signedInHandlers } from '../../test/support/fixtures';
import { server } from '../../test/support/msw-server';
import { renderApp } from '../../test/support/render-app';
import { activeCheck, deferred } from '../../test/app/router-fixtures';

describe('signed-in shell', () => {
  // The shell is under test here; the daily promo over /dashboard is tested by the gallery.
  beforeEach(() => markPromoShown());

  it("shows 'Validating user account...' until the active-subscription check answers", async () => {
    server.use(...signedInHandlers('header.payload.sig'));
    const gate = deferred();
    const seen = activeCheck(false, gate.promise);
    renderApp('/dashboard');
    expect(await screen.findByText('Validating user account...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Gallery' })).not.toBeInTheDocument();
    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'Your Gallery' })).toBeInTheDocument();
    expect(screen.queryByText('Validating user account...')).not.toBeInTheDocument();
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer header.payload.sig');
  });

  it('reloads the page when the subscription had expired', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    server.use(...signedInHandlers());
    activeCheck(true);
    renderApp('/dashboard');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Validating user account...')).toBeInTheDocument();
  });

  it('lets the user in when the check fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    server.use(
      ...signedInHandlers(),
      http.get('*/api/v1/subscriptions/active', () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: 'x' }, { status: 404 }),
      ),
    );
    renderApp('/history/credits');
    expect(await screen.findByRole('heading', { name: 'Credit History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it.each([
    ['/profile', 'Account Profile'],
    ['/history/generations', 'Generation History'],
    ['/subscription', 'Unlock Premium Creation'],
  ])('%s shows %s with the back link', async (path, heading) => {
    server.use(...signedInHandlers());
    activeCheck(false);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument();
  });

  it('offers the account menu and signs out to /login', async () => {
    let signOutCalls = 0;
    server.use(
      ...signedInHandlers(),
      http.post('*/api/auth/sign-out', () => {
        signOutCalls += 1;
        // The session has ended: no new token, and the one the app held is refused by the API.
        server.use(
          http.get('*/api/auth/get-session', () => HttpResponse.json(null)),
          http.get('*/api/auth/token', () =>
            HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Unauthorized' }, { status: 401 }),
          ),
        );
        return HttpResponse.json({ success: true });
      }),
    );
    activeCheck(false);
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Your Gallery' });

    const trigger = screen.getByRole('button', { name: /account menu$/i });
    expect(trigger).toHaveTextContent('N');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Credit History',
      'Generation History',
      'Subscription',
      'Profile',
      'Sign out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Credit History' })).toHaveAttribute(
      'href',
      '/history/credits',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Generation History' })).toHaveAttribute(
      'href',
      '/history/generations',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(signOutCalls).toBe(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    // The session's JWT is not kept for later requests: the next one asks for a new token.
    expect(await tokenManager.getToken()).toBeNull();
  });

  it('falls back to a hard navigation when sign-out fails', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {});
    server.use(
      ...signedInHandlers(),
      http.post('*/api/auth/sign-out', () => new HttpResponse(null, { status: 500 })),
    );
    activeCheck(false);
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Your Gallery' });
    await user.click(screen.getByRole('button', { name: /account menu$/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login'));
  });

  it('closes the menu with Escape and returns focus to the button', async () => {
    server.use(...signedInHandlers());
    activeCheck(false);
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Your Gallery' });
    const trigger = screen.getByRole('button', { name: /account menu$/i });
    trigger.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Credit History' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Generation History' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Radix's trigger, which replaced the stand-in when the menu's code arrived.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /account menu$/i })).toHaveFocus(),
    );
  });
});
