import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { markPromoShown } from '../../lib/promo-day';
import { signedInHandlers } from '../../../test/support/fixtures';
import { server } from '../../../test/support/msw-server';
import { renderApp } from '../../../test/support/render-app';
import {
  consoleHandlers,
  personSummary,
} from '../../../test/features/admin/people/people-fixtures';

beforeEach(() => {
  markPromoShown();
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
    http.get('*/api/v1/admin/operator', () =>
      HttpResponse.json({ id: 'op-1', email: 'op@example.com' }),
    ),
  );
});

/** The first Tab reaches the skip link, which hands focus to the page's main region. */
async function skipToContent(view: ReturnType<typeof renderApp>) {
  await view.user.tab();
  const skip = screen.getByRole('link', { name: 'Skip to content' });
  expect(skip).toHaveFocus();
  await view.user.keyboard('{Enter}');
  const main = screen.getByRole('main');
  expect(main).toHaveFocus();
  return main;
}

describe('skip link and console tables', () => {
  it('lets a keyboard user skip the app header', async () => {
    const view = renderApp('/history/generations');
    await screen.findByRole('heading', { name: 'Generation History' });
    const main = await skipToContent(view);
    await view.user.tab();
    expect(main).toContainElement(document.activeElement as HTMLElement);
  });

  it("lets a keyboard user skip the console's header and section links", async () => {
    const view = renderApp('/admin/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await skipToContent(view);
  });

  it('captions the people found and scopes their column headers', async () => {
    server.use(
      ...consoleHandlers(),
      http.get('*/api/v1/admin/users', () =>
        HttpResponse.json({ people: [personSummary()], total: 1 }),
      ),
    );
    renderApp('/admin/people');
    const table = await screen.findByRole('table', { name: 'People found' });
    for (const header of table.querySelectorAll('th')) {
      expect(header).toHaveAttribute('scope', 'col');
    }
  });
});
