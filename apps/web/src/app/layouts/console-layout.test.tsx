import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../../test/support/fixtures';
import { server } from '../../../test/support/msw-server';
import { renderApp } from '../../../test/support/render-app';

const operator = () =>
  http.get('*/api/v1/admin/operator', () =>
    HttpResponse.json({ id: 'op-1', email: 'op@example.com' }),
  );
const refused = (error: string) =>
  http.get('*/api/v1/admin/operator', () =>
    HttpResponse.json({ error, message: 'refused' }, { status: 403 }),
  );

beforeEach(() => {
  server.use(...signedInHandlers());
});

describe('the console shell (/admin)', () => {
  it('shows an operator the sections and the page asked for', async () => {
    server.use(operator());
    renderApp('/admin/people');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'People',
      'Moderation',
      'Payments',
      'Models',
      'Settings',
      'Audit log',
    ]);
    expect(within(nav).getByRole('link', { name: 'People' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeInTheDocument();
    expect(screen.getByText('op@example.com')).toBeInTheDocument();
  });

  it('shows anyone else the ordinary not-found page, with no word of a console', async () => {
    server.use(refused('OPERATOR_ONLY'));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/console/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).not.toBeInTheDocument();
  });

  it('asks an operator without two-factor sign-in to turn it on first', async () => {
    server.use(refused('OPERATOR_TWO_FACTOR_REQUIRED'));
    renderApp('/admin/settings');
    expect(
      await screen.findByRole('heading', { name: 'Turn on two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set it up in your profile' })).toHaveAttribute(
      'href',
      '/profile#two-factor',
    );
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).not.toBeInTheDocument();
  });

  it('shows the not-found page inside the console for an unknown section', async () => {
    server.use(operator());
    renderApp('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Console sections' })).toBeInTheDocument();
  });
});
