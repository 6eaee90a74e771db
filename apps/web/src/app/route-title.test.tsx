import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../test/support/fixtures';
import { server } from '../../test/support/msw-server';
import { renderApp } from '../../test/support/render-app';
import { PRODUCT_TITLE } from './route-handle';

const operatorAnswer = (answer: Response) =>
  http.get('*/api/v1/admin/operator', () => answer.clone());

beforeEach(() => {
  document.title = PRODUCT_TITLE;
});

describe('document titles: each route names its page', () => {
  it.each([
    ['/login', 'Welcome Back', 'Sign In — Nocturne'],
    ['/signup', 'Create Account', 'Create Account — Nocturne'],
    ['/nowhere', 'Page not found', 'Page not found — Nocturne'],
  ])('titles %s', async (path, heading, title) => {
    renderApp(path);
    await screen.findByRole('heading', { name: heading });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['/dashboard', 'Your Gallery — Nocturne'],
    ['/profile', 'Account Profile — Nocturne'],
    ['/history/generations', 'Generation History — Nocturne'],
    ['/history/credits', 'Credit History — Nocturne'],
  ])('titles %s signed in', async (path, title) => {
    server.use(...signedInHandlers());
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows a navigation from page to page', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Sign In — Nocturne'));
    await router.navigate('/signup');
    await waitFor(() => expect(document.title).toBe('Create Account — Nocturne'));
  });

  it("titles the console's sections for an operator", async () => {
    server.use(
      ...signedInHandlers(),
      operatorAnswer(HttpResponse.json({ id: 'op-1', email: 'op@example.com' })),
    );
    renderApp('/admin/people');
    await waitFor(() => expect(document.title).toBe('Console: People — Nocturne'));
  });

  it('says only "Page not found" to anyone else at the console', async () => {
    server.use(
      ...signedInHandlers(),
      operatorAnswer(
        HttpResponse.json({ error: 'OPERATOR_ONLY', message: 'refused' }, { status: 403 }),
      ),
    );
    renderApp('/admin/people');
    await screen.findByRole('heading', { name: 'Page not found' });
    await waitFor(() => expect(document.title).toBe('Page not found — Nocturne'));
  });
});
